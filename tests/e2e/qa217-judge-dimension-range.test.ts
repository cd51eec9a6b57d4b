/**
 * QA217: `judge` with `dimension:` on a rubric registered on an agent-eval server whose dimensions
 * score on 1..5. agent-eval normalises each dimension with its min/max for the composite
 * (shared/protocols/agent-eval.md "Composite"), but `/v1/rubrics` lists no range, so evalc cannot
 * normalise one dimension's raw 3: it clamped it to 1 (agent-eval's normalised value is
 * (3 − 1)/(5 − 1) = 0.5, by hand). Now such a score is a metric_error naming it; the composite
 * (the server's, 0.5) is unchanged. Such metrics' keys carry the rule: a score cached by an older
 * evalc is judged again once, `plan` saying why. Real loopback agent and agent-eval judge.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { LogStore } from '../../src/executor/cache-store.js';
import { runCommand } from '../cli/run-cli.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const TAG = `five@sha256-rfc8785:${'c'.repeat(64)}`;
let agent: Loopback;
let judge: Loopback;
let dir: string;

beforeAll(async () => {
  agent = await startLoopback((req, res) => {
    if ((req.url ?? '').startsWith('/info'))
      return sendJson(res, 200, { name: 'n', version: '1', inputSchema: { type: 'object' } });
    return sendJson(res, 200, { output: { answer: 'an answer' }, usage: {} });
  });
  judge = await startLoopback((req, res) => {
    if (req.url === '/v1/version')
      return sendJson(res, 200, {
        package: '@tangle-network/agent-eval',
        version: '0.170.0',
        wireVersion: '1.1.0',
      });
    if (req.url === '/v1/rubrics')
      return sendJson(res, 200, {
        rubrics: [
          {
            name: 'five',
            description: 'scores 1..5',
            dimensions: [
              { id: 'a', description: 'a', weight: 2 },
              { id: 'b', description: 'b', weight: 1 },
            ],
            failureModes: [],
            rubricVersion: TAG,
          },
        ],
      });
    // a = 3, b = 3 on 1..5: agent-eval's composite (2·0.5 + 1·0.5)/3 = 0.5.
    return sendJson(res, 200, {
      composite: 0.5,
      dimensions: { a: 3, b: 3 },
      failureModes: [],
      wins: [],
      rationale: 'scored',
      rubricVersion: TAG,
      model: 'stub',
      durationMs: 1,
    });
  });
  dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa217-dimension-'));
  writeFileSync(path.join(dir, 'd.jsonl'), `${JSON.stringify({ id: 'e1', vars: { q: 'x' } })}\n`);
  const plan = {
    evalc: 1,
    benchmark: { id: 'b', version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: agent.url, limits: { retries: 0 } } },
    judges: { j: { protocol: 'agent-eval', url: judge.url, rubric: 'five', limits: { retries: 0 } } },
    tasks: {
      t: {
        bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [
          { type: 'judge', id: 'composite', judge: 'j' },
          { type: 'judge', id: 'dim_a', judge: 'j', dimension: 'a', gate: false },
        ],
      },
    },
    run: { repeats: 1, seed: 7, preflight: 0, bootstrap: 100 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
});
afterAll(async () => {
  await agent.close();
  await judge.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Lock {
  groups: Record<string, { metrics: Record<string, { digest: string }> }>;
  results: { metrics: Record<string, { key: string; score: number | null; error?: string }> }[];
}
const readLock = () => JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lock;

describe('judge dimension: on a 1..5 registered rubric (QA217)', () => {
  it('is a metric_error, not a clamped 1; the composite is the server normalised one', async () => {
    const outcome = await applyInProcess(dir);
    expect(outcome.status).toBe('done');
    const row = readLock().results[0]!;
    expect(row.metrics.composite?.score).toBe(0.5);
    expect(row.metrics.dim_a?.score).toBeNull();
    expect(row.metrics.dim_a?.error).toBe('metric_error');
  });

  it('says in plan why a score cached by an older evalc is judged again', async () => {
    // An older evalc recorded the metric's key without the range rule (QA225: any other digest,
    // a rubric edit, is said as that edit).
    const loaded = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    const former = loaded.resolved?.groups
      .flatMap((g) => g.metrics)
      .find((m) => m.id === 'dim_a')?.formerDigest;
    expect(former).toMatch(/^[0-9a-f]{64}$/);
    const lock = readLock();
    for (const group of Object.values(lock.groups)) {
      const metric = group.metrics.dim_a;
      if (metric) {
        expect(metric.digest).not.toBe(former);
        metric.digest = former ?? '';
      }
    }
    const rescored = new Set<string>();
    lock.results.forEach((row, i) => {
      const score = row.metrics.dim_a;
      if (!score) return;
      rescored.add(score.key);
      score.key = `k1:${String(i).padStart(64, 'f')}`;
    });
    writeFileSync(path.join(dir, 'evalc.lock'), `${JSON.stringify(lock, null, 2)}\n`);
    const store = new LogStore(path.join(dir, '.evalc/cache'));
    store.prune((key) => !rescored.has(key));
    store.close();
    const planned = await runCommand(planCommand, ['evalc.yaml'], { cwd: dir });
    expect(planned.stdout).toContain(
      'because evalc no longer clamps a dimension score outside [0, 1] to it (dimension: a): such a score is now a metric_error',
    );
  });
});

/**
 * QA225 (after QA217): `judge` with `dimension:` on a rubric registered on an agent-eval server whose dimensions
 * score on 1..5. agent-eval normalises each dimension with its min/max for the composite
 * (shared/protocols/agent-eval.md "Composite"), but `/v1/rubrics` lists no range, so evalc cannot
 * normalise one dimension's raw 3: it clamped it to 1 (agent-eval's normalised value is
 * (3 − 1)/(5 − 1) = 0.5, by hand). Now such a score is a metric_error naming it; the composite
 * (the server's, 0.5) is unchanged. Such metrics' keys carry the rule: a score cached by an older
 * evalc is judged again once, `plan` saying why. Real loopback agent and agent-eval judge.
 *
 * QA225: such a metric_error is evalc's own, on a verdict the judge gave (and evalc caches): it was
 * never cached, "a judge's failure", so every apply scored it again, `plan` listed it each time
 * ("because the previous attempt failed") and `apply --frozen` refused the plan for good. It is
 * cached as a score now: a second apply is up to date and --frozen passes, no judge asked.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { applyRun, createProgress } from '../../src/index.js';
import { runCommand } from '../cli/run-cli.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const TAG = `five@sha256-rfc8785:${'c'.repeat(64)}`;
let agent: Loopback;
let judge: Loopback;
let judgePosts = 0;
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
    judgePosts += 1;
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
  dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa225-dimension-frozen-'));
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

describe('a dimension score outside [0, 1] is cached as the metric_error it is (QA225)', () => {
  it('is up to date on the next plan and apply --frozen passes, no judge asked again', async () => {
    expect((await applyInProcess(dir)).status).toBe('done');
    const posts = judgePosts;
    expect(posts).toBeGreaterThan(0);
    const planned = await runCommand(planCommand, ['evalc.yaml'], { cwd: dir });
    expect(planned.stdout).not.toContain('dim_a');
    const frozen = await applyRun({
      planFile: 'evalc.yaml',
      cwd: dir,
      env: {},
      signal: new AbortController().signal,
      progress: createProgress('quiet', () => {}),
      frozen: true,
    });
    expect(frozen.status).toBe('done');
    expect(judgePosts).toBe(posts);
  });
});

/**
 * QA217: `judge` with `dimension:` on a rubric registered on an agent-eval server whose dimensions
 * score on 1..5. agent-eval normalises each dimension with its min/max for the composite
 * (shared/protocols/agent-eval.md "Composite"), but `/v1/rubrics` lists no range, so evalc cannot
 * normalise one dimension's raw 3: it clamped it to 1 (agent-eval's normalised value is
 * (3 − 1)/(5 − 1) = 0.5, by hand). Now such a score is a metric_error naming it; the composite
 * (the server's, 0.5) is unchanged. Such metrics' keys carry the rule: a score cached by an older
 * evalc is judged again once, `plan` saying why. Real loopback agent and agent-eval judge.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { LogStore } from '../../src/executor/cache-store.js';
import { runCommand } from '../cli/run-cli.js';
import { type DimensionJudgePlan, startDimensionJudgePlan } from '../fixtures/dimension-judge-plan.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

let judged: DimensionJudgePlan;
let dir: string;

beforeAll(async () => {
  // a = 3, b = 3 on 1..5: agent-eval's composite (2·0.5 + 1·0.5)/3 = 0.5.
  judged = await startDimensionJudgePlan('evalc-qa217-dimension-', () => ({
    composite: 0.5,
    dimensions: { a: 3, b: 3 },
  }));
  dir = judged.dir;
});
afterAll(() => judged.close());

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

/**
 * QA37: tolerances and cuts compare figures as the lock records them (12 significant digits).
 * - numeric: "1.1" against 1 with abs_tol 0.1 is |1.1 − 1| = 0.1 by hand, within the tolerance
 *   (|c − e| ≤ abs_tol); the float is 0.10000000000000009 and it scored 0 with value 0.1 in the lock.
 * - judge_agreement: a composite of (2·0.9 + 0.6)/3 = 0.8 is positive at judge_cut 0.8 (binary κ).
 */
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric, scoreInput } from './helpers.js';

describe('float noise at a tolerance or a cut (QA37)', () => {
  it('numeric: a distance equal to abs_tol passes', async () => {
    const m = metric({ type: 'numeric', abs_tol: 0.1 });
    const at = await scoreMetric(m, scoreInput({ candidates: { answer: '1.1' }, expected: 1 }));
    expect(at).toMatchObject({ score: 1, pass: true });
    const beyond = await scoreMetric(m, scoreInput({ candidates: { answer: '1.1000001' }, expected: 1 }));
    expect(beyond).toMatchObject({ score: 0, pass: false });
    // rel_tol: |1.1 − 1| = 0.1 ≤ 0.1·|1| by hand (the float distance is 0.10000000000000009).
    const rel = metric({ type: 'numeric', rel_tol: 0.1 });
    expect(await scoreMetric(rel, scoreInput({ candidates: { answer: 1.1 }, expected: 1 }))).toMatchObject({
      score: 1,
    });
  });

  it('judge_agreement: a composite recorded as 0.8 is positive at judge_cut 0.8', () => {
    const def = getMetricDefinition('judge_agreement');
    if (def?.stage !== 'set') throw new Error('judge_agreement is a set metric');
    const ex = (id: string, score: number, human: number): ExampleOutcome => ({
      example: id,
      weight: 1,
      invokeErrors: 0,
      repeats: 1,
      human_score: human,
      metrics: { judge: { score, errors: 0 } },
    });
    // Judge positives at cut 0.8: e1 (0.8) and e3; humans positive at 0.5: e1 and e3 → κ = 1.
    const examples = [ex('e1', 2.4 / 3, 1), ex('e2', 0.3, 0), ex('e3', 0.9, 1), ex('e4', 0.1, 0)];
    const p = metric({ type: 'judge_agreement', primary: 'kappa', judge_cut: 0.8 }).params;
    const r = def.compute({ agent: 'a', examples, others: {} }, p as never);
    expect(r.value).toBe(1);
  });
});

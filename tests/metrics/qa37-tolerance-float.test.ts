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

describe('set and repeats metrics at float boundaries (QA37)', () => {
  const ex = (id: string, metrics: Record<string, number>): ExampleOutcome => ({
    example: id,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    metrics: Object.fromEntries(Object.entries(metrics).map(([k, score]) => [k, { score, errors: 0 }])),
  });

  it('win_rate: a difference of 0.1 is a tie at tolerance 0.1 whichever scores make it', () => {
    const def = getMetricDefinition('win_rate');
    if (def?.stage !== 'set') throw new Error('win_rate is a set metric');
    // 0.8 − 0.7 and 0.7 − 0.6 are both 0.1 by hand: two ties, ½ each.
    const mine = [ex('e1', { m: 0.8 }), ex('e2', { m: 0.7 })];
    const base = [ex('e1', { m: 0.7 }), ex('e2', { m: 0.6 })];
    const p = metric({ type: 'win_rate', baseline: 'b', metric: 'm', tolerance: 0.1 }).params;
    const r = def.compute({ agent: 'a', examples: mine, others: { b: base } }, p as never);
    expect(r.score).toBe(0.5);
    expect(r.details).toMatchObject({ wins: 0, ties: 2, losses: 0 });
  });

  it('position_bias: a preference recorded as 0.5 is a tie in both orders', () => {
    const def = getMetricDefinition('position_bias');
    if (def?.stage !== 'set') throw new Error('position_bias is a set metric');
    // forward: a composite (3·0.6 + 0.2)/4 = 0.5 by hand (float 0.49999999999999994); backward 0.5:
    // no preference either way, consistent.
    const r = def.compute(
      { agent: 'a', examples: [ex('e1', { f: (3 * 0.6 + 0.2) / 4, b: 0.5 })], others: {} },
      metric({ type: 'position_bias', forward: 'f', backward: 'b' }).params as never,
    );
    expect(r.score).toBe(1);
  });
});

describe('a score recorded as 1 (QA37)', () => {
  it('passes pass_at_k (metric:) and the pass rule of a metric with neither threshold nor pass', async () => {
    const { rollupRepeats } = await import('../../src/metrics/rollup-repeats.js');
    const { deriveRepeat } = await import('../../src/metrics/score-example.js');
    // A mean of 0.7 + 0.2 + 0.1 is 1 by hand and 0.9999999999999999 as a float; the lock says 1.
    const judge = metric({ type: 'judge', judge: 'j', gate: true });
    const passAt1 = metric({ type: 'pass_at_k', id: 'p1', k: 1, metric: 'judge' });
    const results = { judge: { score: 0.7 + 0.2 + 0.1 } };
    const repeat = deriveRepeat([judge], results, { durationMs: 1 });
    expect(repeat.pass).toBe(true);
    const outcome = rollupRepeats({
      example: { id: 'e' },
      metrics: [judge, passAt1],
      repeats: [{ repeat: 0, candidates: {}, results, pass: true }],
    });
    expect(outcome.metrics.p1?.score).toBe(1);
  });
});

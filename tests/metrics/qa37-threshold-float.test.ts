/**
 * QA37: a metric's `threshold` is reached by the score as the lock records it. A rubric of
 * weights 2 and 1 scored a = 0.9, b = 0.6 has the composite (2·0.9 + 0.6)/3 = 2.4/3 = 0.8 by hand;
 * the float is 0.7999999999999999, and `threshold: 0.8` failed an example whose lock row said
 * `score: 0.8, pass: false` (and so did pass_rate, pass@k with `metric:` and junit.xml).
 */
import { describe, expect, it } from 'vitest';
import { rollupRepeats } from '../../src/metrics/rollup-repeats.js';
import { deriveRepeat, scoreMetric } from '../../src/metrics/score-example.js';
import { judgeClient, metric, scoreInput } from './helpers.js';

const rubric = {
  name: 'r',
  dimensions: [
    { id: 'a', description: 'A', weight: 2 },
    { id: 'b', description: 'B', weight: 1 },
  ],
};

describe('thresholds on float composites (QA37)', () => {
  it('passes a judge whose composite is 0.8 at threshold 0.8, in the repeat and the example', async () => {
    const judge = judgeClient(() => ({
      ok: true,
      verdict: { score: (2 * 0.9 + 0.6) / 3, dimensions: { a: 0.9, b: 0.6 }, failureModes: [] },
    }));
    const judgeMetric = metric({ type: 'judge', judge: 'j', threshold: 0.8 });
    const passAt1 = metric({ type: 'pass_at_k', id: 'p1', k: 1, metric: 'judge' });
    const passRate = metric({ type: 'pass_rate' });
    const result = await scoreMetric(judgeMetric, scoreInput({ judge, rubric, content: 'x' }));
    expect(result.score).toBe(2.4 / 3); // 0.7999999999999999
    const repeat = deriveRepeat([judgeMetric, passRate], { judge: result }, { durationMs: 10 });
    expect(repeat.pass).toBe(true);
    expect(repeat.results.pass_rate?.score).toBe(1);
    const outcome = rollupRepeats({
      example: { id: 'e1' },
      metrics: [judgeMetric, passAt1, passRate],
      repeats: [{ repeat: 0, candidates: {}, results: repeat.results, pass: repeat.pass }],
    });
    expect(outcome.metrics.judge?.pass).toBe(true);
    expect(outcome.metrics.p1?.score).toBe(1);
    // A threshold above the recorded figure still fails.
    const strict = metric({ type: 'judge', judge: 'j', threshold: 0.8000001 });
    expect(deriveRepeat([strict, passRate], { judge: result }, { durationMs: 10 }).pass).toBe(false);
  });
});

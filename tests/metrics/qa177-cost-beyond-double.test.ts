/**
 * QA177: a cost beyond a double's range (2,000,000 input tokens at 1e308 USD per 1M = 2e308 USD)
 * is Infinity even priced per token (3e9c4c8), and went unmeasured in silence as before: no value,
 * no error, and with a budget a score 0 that nothing explained. It is now a metric_error naming the
 * overflow (score 0 with a budget: surely over it), as numeric's distance beyond a double is (95e1028).
 */
import { describe, expect, it } from 'vitest';
import { rollupRepeats } from '../../src/metrics/rollup-repeats.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput, trajectory } from './helpers.js';

const prices = { m1: { input: 1e308, output: 10 } };
const usage = { inputTokens: 2_000_000, outputTokens: 1, totalTokens: 2_000_001 };
const message =
  "the cost of 2000000 input and 1 output tokens is beyond a double's range (above 1.8e308 USD): no value recorded";

describe('cost: a cost beyond a double (QA177)', () => {
  it('is a metric_error naming the overflow, with no value and no score', async () => {
    const r = await scoreMetric(
      metric({ type: 'cost', model: 'm1' }),
      scoreInput({ trajectory: trajectory({ usage }), prices }),
    );
    expect(r.value).toBeUndefined();
    expect(r.score).toBeNull();
    expect(r.error).toEqual({ kind: 'metric_error', message });
  });

  it('with a budget, scores 0 beside the error, which the example counts', async () => {
    const m = metric({ type: 'cost', model: 'm1', budget: 1 });
    const r = await scoreMetric(m, scoreInput({ trajectory: trajectory({ usage }), prices }));
    expect(r.score).toBe(0);
    expect(r.error?.message).toBe(message);
    const outcome = rollupRepeats({
      example: { id: 'e1', weight: 1 },
      metrics: [m],
      repeats: [{ repeat: 0, candidates: {}, results: { [m.id]: r }, pass: false }],
    });
    expect(outcome.metrics[m.id]).toMatchObject({ score: 0, errors: 1 });
  });
});

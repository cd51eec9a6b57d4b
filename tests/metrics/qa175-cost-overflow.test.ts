/**
 * QA175: a price near a double's range (`m1: { input: 1e308, output: 10 }`, per 1M tokens) made
 * tokens × price Infinity before the division by 1M: the cost of 10 input tokens and 1 output
 * token, 1e303 USD by hand, went unmeasured in silence (no value, no error; with a budget a score 0
 * and no value). It is now computed per token when the product overflows; ordinary costs as before.
 */
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput, trajectory } from './helpers.js';

const prices = { m1: { input: 1e308, output: 10 } };
const usage = { inputTokens: 10, outputTokens: 1, totalTokens: 11 };

describe('cost: tokens × price beyond a double (QA175)', () => {
  it('is the cost by hand, 10 / 1e6 × 1e308 + 1 / 1e6 × 10 = 1e303 USD', async () => {
    const r = await scoreMetric(
      metric({ type: 'cost', model: 'm1' }),
      scoreInput({ trajectory: trajectory({ usage }), prices }),
    );
    expect(r.error).toBeUndefined();
    expect(r.value).toBeCloseTo(1e303, -290);
    expect(r.score).toBeNull();
  });

  it('with a budget, scores min(1, budget / cost) beside the value', async () => {
    const r = await scoreMetric(
      metric({ type: 'cost', model: 'm1', budget: 1 }),
      scoreInput({ trajectory: trajectory({ usage }), prices }),
    );
    expect(r.value).toBeCloseTo(1e303, -290);
    expect(r.score).toBeCloseTo(1e-303, 310);
  });

  it('an ordinary cost is computed as before', async () => {
    const r = await scoreMetric(
      metric({ type: 'cost', model: 'm1' }),
      scoreInput({
        trajectory: trajectory({ usage: { inputTokens: 100, outputTokens: 50 } }),
        prices: { m1: { input: 2.5, output: 10 } },
      }),
    );
    expect(r.value).toBe((100 * 2.5 + 50 * 10) / 1_000_000);
    expect(getMetricDefinition('cost')?.version).toBe('8');
  });
});

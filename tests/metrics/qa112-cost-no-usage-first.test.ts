/**
 * QA112: `cost` on an agent that reports no token usage and no model — every MultiAgentEval
 * agent (trajectory `usage: {}`; the seed API has no usage field and evalc records no model).
 * It was a `metric_error` "no model to price (set model: or report one from the agent)" on
 * every example: a `mae` agent takes no `model:` (validate refuses the key), and once the
 * metric's own `model:` was set the same examples were merely unmeasured — the advice led
 * nowhere. Nothing to price is checked first: unmeasured, as `tokens` is.
 */
import { describe, expect, it } from 'vitest';
import { scoreMetric } from '../../src/metrics/index.js';
import { metric, scoreInput, trajectory } from './helpers.js';

const prices = { m1: { input: 1, output: 2 } };
const unmeasured = { score: null, details: { unmeasured: 'the agent reported no token usage' } };

describe('cost without usage is unmeasured before any model question (QA112)', () => {
  it('no usage, no model anywhere: unmeasured, not a metric_error', async () => {
    const r = await scoreMetric(metric({ type: 'cost' }), scoreInput({ prices, trajectory: trajectory() }));
    expect(r).toEqual(unmeasured);
  });

  it('no usage, a model prices: does not list: unmeasured too (nothing to price)', async () => {
    const r = await scoreMetric(
      metric({ type: 'cost', model: 'other' }),
      scoreInput({ prices, trajectory: trajectory() }),
    );
    expect(r).toEqual(unmeasured);
  });

  it('usage reported without a model is still the metric_error that asks for one', async () => {
    const r = await scoreMetric(
      metric({ type: 'cost' }),
      scoreInput({ prices, trajectory: trajectory({ usage: { inputTokens: 3, outputTokens: 5 } }) }),
    );
    expect(r.error?.kind).toBe('metric_error');
    expect(r.error?.message).toContain('no model to price');
  });
});

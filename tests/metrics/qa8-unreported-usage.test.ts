/**
 * QA8: `tokens` and `cost` for an agent that reports no token usage. A MultiAgentEval agent's
 * trajectory has `usage: {}` (src/protocols/README-mae.md); the Course Advisor demo's a3 scored
 * tokens = 1.000 [1.00, 1.00] at the benchmark under `budget: 400` (0 tokens, a perfect score)
 * without ever reporting a token, and `cost` priced it at 0 USD. Not measured is not zero.
 */
import { describe, expect, it } from 'vitest';
import { aggregate, rollupRepeats, scoreExample, scoreMetric } from '../../src/metrics/index.js';
import { metric, scoreInput, trajectory } from './helpers.js';

const prices = { 'm-small': { input: 1, output: 2 } };

describe('tokens and cost without reported usage (QA8)', () => {
  it('leaves tokens unmeasured (no score, no value, no error) instead of a perfect budget score', async () => {
    const r = await scoreMetric(
      metric({ type: 'tokens', budget: 400 }),
      scoreInput({ trajectory: trajectory({ usage: {} }) }),
    );
    expect(r.score).toBeNull();
    expect(r.value).toBeUndefined();
    expect(r.error).toBeUndefined();
    expect(r.details).toEqual({ unmeasured: 'the agent reported no token usage' });
  });

  it('still counts what was reported: total = input + output, and input alone when asked', async () => {
    const t = trajectory({ usage: { inputTokens: 300, outputTokens: 500 } });
    // budget 400 / 800 tokens = 0.5
    expect(await scoreMetric(metric({ type: 'tokens', budget: 400 }), scoreInput({ trajectory: t }))).toEqual(
      {
        score: 0.5,
        value: 800,
      },
    );
    expect(
      (await scoreMetric(metric({ type: 'tokens', count: 'input' }), scoreInput({ trajectory: t }))).value,
    ).toBe(300);
    // an agent that reports only a total has no input count to give
    const total = trajectory({ usage: { totalTokens: 80 } });
    expect(
      (await scoreMetric(metric({ type: 'tokens', count: 'input' }), scoreInput({ trajectory: total })))
        .details,
    ).toEqual({ unmeasured: 'the agent reported no input token usage' });
    expect((await scoreMetric(metric({ type: 'tokens' }), scoreInput({ trajectory: total }))).value).toBe(80);
  });

  it('leaves cost unmeasured without an input/output split, and prices one that has it', async () => {
    const cost = metric({ type: 'cost', budget: 0.001 });
    const none = await scoreMetric(
      cost,
      scoreInput({ prices, trajectory: trajectory({ model: 'm-small' }) }),
    );
    expect(none).toEqual({ score: null, details: { unmeasured: 'the agent reported no token usage' } });
    const totalOnly = await scoreMetric(
      cost,
      scoreInput({ prices, trajectory: trajectory({ model: 'm-small', usage: { totalTokens: 120 } }) }),
    );
    expect(totalOnly.score).toBeNull();
    expect(totalOnly.error).toBeUndefined();
    // (100 × 1 + 20 × 2) / 1e6 = 1.4e-4 USD; budget 0.001 → score 1
    const priced = await scoreMetric(
      cost,
      scoreInput({
        prices,
        trajectory: trajectory({ model: 'm-small', usage: { inputTokens: 100, outputTokens: 20 } }),
      }),
    );
    expect(priced.value).toBeCloseTo(1.4e-4, 15);
    expect(priced.score).toBe(1);
  });

  it('keeps an unmeasured agent out of the tokens aggregate, and its examples still pass', async () => {
    const metrics = [
      metric({ type: 'exact_match' }),
      metric({ type: 'tokens', budget: 400 }),
      metric({ type: 'pass_rate' }),
    ];
    const outcome = async (id: string, usage: Record<string, number>) =>
      rollupRepeats({
        example: { id },
        metrics,
        repeats: [
          await scoreExample({
            repeat: 0,
            metrics,
            input: scoreInput({
              candidates: { answer: 'x' },
              expected: 'x',
              trajectory: trajectory({ usage }),
            }),
          }),
        ],
      });
    const report = aggregate({
      benchmark: 'b',
      tasks: [
        {
          id: 't',
          weight: 1,
          metrics,
          datasets: [
            {
              id: 'd',
              weight: 1,
              agents: {
                mae: [await outcome('e1', {}), await outcome('e2', {})],
                raip: [await outcome('e1', { totalTokens: 800 }), await outcome('e2', { totalTokens: 200 })],
              },
            },
          ],
        },
      ],
      bootstrap: { seed: 1, resamples: 50 },
    });
    const mae = report.agents.mae?.metrics;
    expect(mae?.pass_rate?.score?.mean).toBe(1);
    expect(mae?.tokens?.score ?? null).toBeNull();
    expect(mae?.tokens?.errors ?? 0).toBe(0);
    // raip: min(1, 400/800) = 0.5 and min(1, 400/200) = 1 → 0.75
    expect(report.agents.raip?.metrics.tokens?.score?.mean).toBeCloseTo(0.75, 12);
  });
});

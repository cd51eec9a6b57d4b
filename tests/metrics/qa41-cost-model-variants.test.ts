/**
 * QA41: the `cost` metric looked the reported model up in `prices:` by its exact name, but
 * OpenAI answers a request for `gpt-4o-mini` with `"model": "gpt-4o-mini-2024-07-18"` (Anthropic
 * with dated names, Ollama with tags such as `qwen2.5:7b`): README's own
 * `prices: { gpt-4o-mini: … }` priced nothing and every example's cost was a metric_error. A
 * reported name that extends a price key with `-` or `:` now takes that key's price (the longest
 * such key; an exact key wins).
 */
import { describe, expect, it } from 'vitest';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput, trajectory } from './helpers.js';

const prices = {
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4o-mini-2024-07-18': { input: 0.1, output: 0.5 },
  'qwen2.5': { input: 0, output: 1 },
};

async function cost(model: string) {
  const t = trajectory({ model, usage: { inputTokens: 1_000_000, outputTokens: 1_000_000 } });
  return scoreMetric(metric({ type: 'cost' }), scoreInput({ trajectory: t, prices }));
}

describe('cost of a dated or tagged model name (QA41)', () => {
  it('prices a dated snapshot at its alias, the longest matching key', async () => {
    expect(await cost('gpt-4o-mini-2024-09-30')).toMatchObject({
      value: 0.75,
      details: { model: 'gpt-4o-mini-2024-09-30', priceOf: 'gpt-4o-mini' },
    });
    expect(await cost('gpt-4o-2024-08-06')).toMatchObject({ value: 12.5, details: { priceOf: 'gpt-4o' } });
    expect((await cost('qwen2.5:7b')).value).toBe(1);
  });

  it('keeps an exact key first, and does not match a longer word', async () => {
    const exact = await cost('gpt-4o-mini-2024-07-18');
    expect(exact.value).toBeCloseTo(0.6, 12);
    expect(exact.details).not.toHaveProperty('priceOf');
    expect((await cost('gpt-4omni')).error?.kind).toBe('metric_error');
    expect((await cost('constructor')).error?.kind).toBe('metric_error');
  });

  it('takes only a snapshot or tag suffix: -<digit>, -latest or :<tag>, not another model (QA105)', async () => {
    const only4o = { 'gpt-4o': { input: 2.5, output: 10 }, 'claude-3-5-sonnet': { input: 3, output: 15 } };
    const priced = async (model: string) => {
      const t = trajectory({ model, usage: { inputTokens: 1_000_000, outputTokens: 1_000_000 } });
      return scoreMetric(metric({ type: 'cost' }), scoreInput({ trajectory: t, prices: only4o }));
    };
    // gpt-4o-mini costs a sixteenth of gpt-4o: priced as gpt-4o it read 12.5 USD for 0.75.
    for (const other of ['gpt-4o-mini', 'gpt-4o-mini-2024-07-18', 'gpt-4o-audio-preview']) {
      const r = await priced(other);
      expect(r.error?.kind, other).toBe('metric_error');
      expect(r.error?.message, other).toContain(`no price for model "${other}"`);
    }
    expect(await priced('gpt-4o-2024-11-20')).toMatchObject({ value: 12.5, details: { priceOf: 'gpt-4o' } });
    expect(await priced('claude-3-5-sonnet-20241022')).toMatchObject({ value: 18 });
    expect(await priced('claude-3-5-sonnet-latest')).toMatchObject({ value: 18 });
    expect((await priced('gpt-4o:free')).value).toBe(12.5);
    expect((await priced('claude-3-5-sonnet-latest-beta')).error?.kind).toBe('metric_error');
  });
});

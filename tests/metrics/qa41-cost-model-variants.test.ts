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
});

import { describe, expect, it } from 'vitest';
import { addUsage, normalizeUsage } from '../../src/protocols/http/normalize-usage.js';

describe('normalizeUsage', () => {
  it('reads OpenAI snake_case usage', () => {
    expect(normalizeUsage({ prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 })).toEqual({
      inputTokens: 3,
      outputTokens: 4,
      totalTokens: 7,
    });
  });

  it('reads camelCase and input/output variants and derives the total', () => {
    expect(normalizeUsage({ promptTokens: 1, completionTokens: 2 })).toEqual({
      inputTokens: 1,
      outputTokens: 2,
      totalTokens: 3,
    });
    expect(normalizeUsage({ input_tokens: 5, outputTokens: 6 })).toEqual({
      inputTokens: 5,
      outputTokens: 6,
      totalTokens: 11,
    });
  });

  it('coerces integer strings and quotes other values as unreadable (QA184: they were dropped)', () => {
    expect(normalizeUsage({ prompt_tokens: '12', completion_tokens: 1.5, total_tokens: 'many' })).toEqual({
      inputTokens: 12,
      unreadable: { output: 'completion_tokens: 1.5', total: 'total_tokens: "many"' },
    });
    expect(normalizeUsage(null)).toEqual({});
    // Beyond 2^53 − 1 is no token count: 400 digits would be Infinity, which JSON writes as null.
    expect(
      normalizeUsage({ prompt_tokens: '9'.repeat(400), completion_tokens: 2 ** 53, total_tokens: 1e300 }),
    ).toEqual({
      unreadable: {
        input: `prompt_tokens: "${'9'.repeat(59)}…`,
        output: 'completion_tokens: 9007199254740992',
        total: 'total_tokens: 1e+300',
      },
    });
    expect(normalizeUsage({ prompt_tokens: String(2 ** 53 - 1) })).toEqual({ inputTokens: 2 ** 53 - 1 });
    expect(normalizeUsage([1, 2]).unreadable).toEqual({
      input: 'usage: [1,2]',
      output: 'usage: [1,2]',
      total: 'usage: [1,2]',
    });
  });

  it('adds usages field by field, keeping absent fields absent', () => {
    expect(addUsage({ inputTokens: 1 }, { inputTokens: 2, outputTokens: 3 })).toEqual({
      inputTokens: 3,
      outputTokens: 3,
    });
    expect(addUsage({}, {})).toEqual({});
  });
});

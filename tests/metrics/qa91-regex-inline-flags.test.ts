/**
 * Regression (QA91): a regex written with Python's/PCRE's inline flags, `(?i)ORD-\d+`, was refused
 * with V8's words alone ("Invalid regular expression: /(?i)ORD-\d+/: Invalid group"), which do not say
 * that the syntax is the problem or where the flag goes. The message now says so and names
 * `flags: i`, at validate and for a pattern read from the dataset.
 */
import { describe, expect, it } from 'vitest';
import { regex } from '../../src/metrics/families/linguistic-fidelity.js';
import { resolveMetric } from '../../src/metrics/registry.js';

describe('regex inline flags', () => {
  it('validate names flags: i', () => {
    const r = resolveMetric({ type: 'regex', pattern: '(?i)ORD-\\d+' });
    expect(r.ok).toBe(false);
    const message = r.ok ? '' : (r.issues[0]?.message ?? '');
    expect(message).toContain('Invalid group');
    expect(message).toContain("`(?i)` is Python/PCRE's inline flag syntax: drop it and write `flags: i`");
    expect(resolveMetric({ type: 'regex', pattern: 'ORD-\\d+', flags: 'i' }).ok).toBe(true);
  });

  it('a pattern from the dataset says it in its metric_error', () => {
    const params = regex.params.parse({ expected: 'pattern' });
    const result = regex.score(
      { candidates: { answer: 'ord-1' }, expected: { pattern: '(?is)ord-1' } } as never,
      params,
    ) as { error?: { message: string } };
    expect(result.error?.message).toContain('drop it and write `flags: is`');
  });
});

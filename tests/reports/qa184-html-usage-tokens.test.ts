/**
 * QA184: report.html's trajectory view summed the side of a usage it could read (`tokens: 12`) when
 * the agent sent the other in no count's shape (`completion_tokens: -3`), where the tokens column
 * of report.md and report.json says `—` and `tokens` is a metric_error: it counts as they do now.
 */
import { describe, expect, it } from 'vitest';
import { HTML_SCRIPT } from '../../src/reports/html-script.js';

type Usage = Record<string, unknown>;
const source = /function usageTokens\(u\) \{[\s\S]*?\n {2}\}/.exec(HTML_SCRIPT)?.[0];
const usageTokens = new Function(`${source}; return usageTokens;`)() as (u: Usage) => number | string;

describe("report.html's tokens figure of a trajectory (QA184)", () => {
  it('is — when a side was sent in no count shape and no total was', () => {
    expect(usageTokens({ inputTokens: 12, unreadable: { output: 'completion_tokens: -3' } })).toBe('—');
    expect(usageTokens({ totalTokens: 40, unreadable: { input: 'prompt_tokens: -1' } })).toBe(40);
  });

  it('counts as before otherwise', () => {
    expect(usageTokens({})).toBe('—');
    expect(usageTokens({ outputTokens: 7 })).toBe(7);
    expect(usageTokens({ inputTokens: 3, outputTokens: 4 })).toBe(7);
    expect(usageTokens({ inputTokens: 3, unreadable: { total: 'total_tokens: "many"' } })).toBe(3);
  });
});

/**
 * QA52: a judge reply's Markdown fence was found with
 * /```(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*```/, which retries its lazy scan to the end
 * of the reply from every unclosed opening: quadratic, 1.5 s on a 100 kB reply of "```\na"
 * (20,000 openings, no closing) and about 2 s on the 200 kB one below. extractJsonText now
 * finds the first opening and its closing once, with the regex's results.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractJsonText } from '../../src/protocols/openai-judge/judge-prompt.js';

/** The old definition, for comparison. */
function regexFenced(content: string): string | undefined {
  return /```(?:json|JSON)?[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*```/.exec(content)?.[1]?.trim();
}

describe('judge reply code fence in linear time', () => {
  it('reads the fence as the regex did', () => {
    const unit = fc.constantFrom(
      '`',
      '```',
      '```json',
      'JSON',
      ' ',
      '\t',
      '\n',
      '\r\n',
      'a',
      '{',
      '}',
      '"x":1',
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 14 }), (parts) => {
        const content = `x${parts.join('')}`; // not a bare object: the fence path is taken
        const fenced = regexFenced(content);
        if (fenced !== undefined) expect(extractJsonText(content)).toBe(fenced);
        else {
          const trimmed = content.trim();
          const start = trimmed.indexOf('{');
          const end = trimmed.lastIndexOf('}');
          expect(extractJsonText(content)).toBe(
            start >= 0 && end > start ? trimmed.slice(start, end + 1) : trimmed,
          );
        }
      }),
      { numRuns: 3000, seed: 52 },
    );
    expect(extractJsonText('Verdict:\n```json\n{"score": 1}\n```\nthanks')).toBe('{"score": 1}');
  });

  it('answers a reply of many unclosed fence openings at once', () => {
    const reply = `${'```\na'.repeat(40_000)} {"score": 1}`;
    const start = performance.now();
    expect(extractJsonText(reply)).toBe('{"score": 1}');
    expect(performance.now() - start).toBeLessThan(200);
  });
});

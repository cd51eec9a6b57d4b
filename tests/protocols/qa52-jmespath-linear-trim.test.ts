/**
 * QA52: JMESPath `trim`/`trim_right` (@jmespath-community/jmespath 1.3) strip with
 * `/(.*?)[chars]*$/`, quadratic on a run of whitespace that does not end the text. evalc installs
 * linear versions with the library's results; checked here against the library's own formula.
 * The old code took about 1.3 s per trim of the 30,000-space answer below (35 s for 100,000).
 */
import { search } from '@jmespath-community/jmespath';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileExtraction } from '../../src/binding/extract.js';
import { trimLeft, trimRight } from '../../src/protocols/jmespath-linear-trim.js';

/** The library's definition (dist/index.esm.js, trimLeftImpl/trimRightImpl). */
function libraryTrim(text: string, chars: string | undefined, side: 'left' | 'right'): string {
  const list = chars ? chars.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&') : '\\s\u0085';
  const re = side === 'left' ? new RegExp(`^[${list}]*(.*?)`) : new RegExp(`(.*?)[${list}]*$`);
  return text.replace(re, '$1');
}

describe('JMESPath trim in linear time', () => {
  it('gives the library results', () => {
    const unit = fc.constantFrom(
      'a',
      'b',
      ' ',
      '\t',
      '\n',
      '\r',
      '\u00a0',
      '\u0085',
      '\u2028',
      'x',
      '-',
      ']',
      '\\',
      '😀',
    );
    fc.assert(
      fc.property(
        fc.string({ unit, maxLength: 12 }),
        fc.option(fc.string({ unit, maxLength: 3 }), { nil: undefined }),
        (text, chars) => {
          expect(trimLeft(text, chars)).toBe(libraryTrim(text, chars, 'left'));
          expect(trimRight(text, chars)).toBe(libraryTrim(text, chars, 'right'));
        },
      ),
      { numRuns: 2000, seed: 52 },
    );
  });

  it('trims a long run of inner whitespace at once, through an extraction and a plain search', () => {
    const answer = `a${' '.repeat(30_000)}b  `;
    const extraction = compileExtraction({ t: 'trim(output)', r: 'trim_right(output)' });
    if (!extraction.ok) throw new Error('does not compile');
    const start = performance.now();
    const result = extraction.extraction.run({ output: answer });
    expect(result.ok && result.values).toEqual({ t: answer.slice(0, -2), r: answer.slice(0, -2) });
    expect(search({ s: ` ${answer}` }, 'trim(s)')).toBe(answer.slice(0, -2));
    expect(performance.now() - start).toBeLessThan(500);
  }, 5_000);
});

/**
 * rouge_l on agent replies of a megabyte (QA10): the LCS table filled row by row took 40 s for
 * three replies of 0.25–1 MB against a 20 KB reference. The bit-parallel LCS must give exactly the
 * table's length, for any two token lists.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lcsLength, rougeL } from '../../src/metrics/families/rouge-l.js';

/** The textbook dynamic programme, the reference. */
function tableLcs(a: readonly string[], b: readonly string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i += 1) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j += 1)
      row[j] = a[i - 1] === b[j - 1] ? (prev[j - 1] ?? 0) + 1 : Math.max(prev[j] ?? 0, row[j - 1] ?? 0);
    prev = row;
  }
  return prev[b.length] ?? 0;
}

const tokens = (max: number) =>
  fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'the', 'fox'), { maxLength: max });

describe('lcsLength', () => {
  it('equals the dynamic programme on random token lists (word boundaries included)', () => {
    fc.assert(
      fc.property(tokens(100), tokens(100), (a, b) => {
        expect(lcsLength(a, b)).toBe(tableLcs(a, b));
      }),
      { numRuns: 500 },
    );
  });

  it('counts by hand: "a b c b d a b" vs "b d c a b a" has LCS 4 (b c b a / b d a b)', () => {
    const a = 'a b c b d a b'.split(' ');
    const b = 'b d c a b a'.split(' ');
    expect(lcsLength(a, b)).toBe(4);
    expect(lcsLength(b, a)).toBe(4);
    expect(lcsLength([], b)).toBe(0);
    // 32, 33 and 64 tokens: the carry crosses word boundaries.
    for (const n of [31, 32, 33, 64, 65]) {
      const x = Array.from({ length: n }, (_, i) => `t${i}`);
      expect(lcsLength(x, x)).toBe(n);
      expect(lcsLength(x, [...x].reverse())).toBe(1);
    }
  });

  it('scores a 1 MB reply against a 20 KB reference in well under a second', () => {
    const reference = 'the quick brown fox jumps over the lazy dog '.repeat(480);
    const reply = 'line fox: the quick brown fox and a lazy dog naive cafe '.repeat(18_000);
    const started = performance.now();
    const score = rougeL(reference, reply);
    const ms = performance.now() - started;
    expect(score.fmeasure).toBeGreaterThan(0);
    expect(score.recall).toBeLessThanOrEqual(1);
    expect(ms).toBeLessThan(3000);
  });
});

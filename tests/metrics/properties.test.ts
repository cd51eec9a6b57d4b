import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sentenceBleu } from '../../src/metrics/families/bleu.js';
import { rougeL } from '../../src/metrics/families/rouge-l.js';
import { squadF1 } from '../../src/metrics/families/squad-f1.js';
import { hashExpected } from '../../src/metrics/hash-expected.js';
import { passAtK, passHatK } from '../../src/metrics/stats/binomial.js';
import { bootstrapMean } from '../../src/metrics/stats/bootstrap.js';
import { pearson, spearman } from '../../src/metrics/stats/correlation.js';

const words = fc
  .array(fc.constantFrom('the', 'cat', 'sat', 'on', 'mat', 'a', 'dog', '.', ','), { maxLength: 12 })
  .map((w) => w.join(' '));

describe('invariants', () => {
  it('text similarity scores stay in range and are 1 on identical non-empty text', () => {
    fc.assert(
      fc.property(words, words, (a, b) => {
        const bleu = sentenceBleu(a, [b]).score;
        const rouge = rougeL(b, a).fmeasure;
        const f1 = squadF1(a, b).f1;
        for (const s of [bleu / 100, rouge, f1]) expect(s).toBeGreaterThanOrEqual(0);
        expect(rouge).toBeLessThanOrEqual(1);
        expect(f1).toBeLessThanOrEqual(1);
        expect(bleu).toBeLessThanOrEqual(100 + 1e-9);
        if (/[a-z]/.test(a)) expect(rougeL(a, a).fmeasure).toBeCloseTo(1, 12);
      }),
    );
  });

  it('set hashes ignore order and duplicates', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 6 }), (xs) => {
        const shuffled = [...xs].reverse().concat(xs.slice(0, 1));
        expect(hashExpected(shuffled, { mode: 'set' })).toBe(hashExpected(xs, { mode: 'set' }));
      }),
    );
  });

  it('pass@k grows with k and c; pass^k ≤ pass@k', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.nat(), fc.nat(), (n, cSeed, kSeed) => {
        const c = cSeed % (n + 1);
        const k = 1 + (kSeed % n);
        expect(passHatK(n, c, k)).toBeLessThanOrEqual(passAtK(n, c, k) + 1e-12);
        if (k < n) expect(passAtK(n, c, k + 1)).toBeGreaterThanOrEqual(passAtK(n, c, k) - 1e-12);
        if (c < n) expect(passAtK(n, c + 1, k)).toBeGreaterThanOrEqual(passAtK(n, c, k) - 1e-12);
      }),
    );
  });

  it('correlations are symmetric and bounded', () => {
    const pairs = fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 })), {
      minLength: 2,
      maxLength: 20,
    });
    fc.assert(
      fc.property(pairs, (ps) => {
        const x = ps.map((p) => p[0]);
        const y = ps.map((p) => p[1]);
        for (const f of [pearson, spearman]) {
          const r = f(x, y);
          if (r === null) continue;
          expect(Math.abs(r)).toBeLessThanOrEqual(1 + 1e-12);
          expect(f(y, x)).toBeCloseTo(r, 12);
        }
      }),
    );
  });

  it('bootstrap intervals lie within the data range', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        (xs, seed) => {
          const e = bootstrapMean(xs, undefined, { seed, resamples: 50 });
          expect(e).not.toBeNull();
          if (!e) return;
          expect(e.ci[0]).toBeGreaterThanOrEqual(Math.min(...xs) - 1e-12);
          expect(e.ci[1]).toBeLessThanOrEqual(Math.max(...xs) + 1e-12);
        },
      ),
      { numRuns: 50 },
    );
  });
});

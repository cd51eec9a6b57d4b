/**
 * QA277: wherever McNemar runs (every score 0 or 1, every pair of weight > 0 of one weight, QA266's
 * mcnemarApplies), the paired change is (c − b)·w / Σw, so its sign is the flips' sign. QA71's guard
 * for flips pointing against a weighted change (1↓ 8↑ beside a drop, p = 0.039 read as no evidence of
 * that drop) had nothing left to catch and was removed; this checks the premise over shares reached
 * along different paths (datasets weighted in proportion to their sizes, so each pair weighs one
 * share up to the last bit) and pairs of weight 0, and that unequal weights keep McNemar out.
 */
import { describe, expect, it } from 'vitest';
import { hierarchicalWeights } from '../../src/metrics/example-rows.js';
import { mcnemarApplies } from '../../src/metrics/stats/mcnemar.js';
import { pairedBootstrap } from '../../src/metrics/stats/paired-bootstrap.js';
import { createRandom } from '../../src/metrics/stats/prng.js';

describe('McNemar runs only where its flips point the way the change does (QA277)', () => {
  it('gives the change the sign of c − b at every equal-share layout', () => {
    const random = createRandom(277);
    let tested = 0;
    let offByBits = 0;
    for (let trial = 0; trial < 400; trial += 1) {
      // Datasets of sizes n·k weighted k: every example weighs 1 / (n · Σk), computed along k paths.
      const n = 1 + Math.floor(random() * 7);
      const ks = Array.from({ length: 1 + Math.floor(random() * 4) }, () => 1 + Math.floor(random() * 5));
      const rows = ks.flatMap((k, d) =>
        Array.from({ length: n * k }, (_, i) => ({
          agent: 'a',
          task: 't',
          dataset: `d${d}`,
          example: `e${i}`,
          metric: 'm',
          score: 0,
          weight: random() < 0.1 ? 0 : 1,
          datasetWeight: k,
          taskWeight: 1,
        })),
      );
      const weights = hierarchicalWeights(rows);
      const old = rows.map(() => (random() < 0.5 ? 1 : 0));
      const now = old.map((x) => (random() < 0.3 ? 1 - x : x));
      // A dataset with a weight-0 example has other shares: McNemar does not run there.
      if (!weights.some((w) => w > 0) || !mcnemarApplies(old, now, weights)) continue;
      let b = 0;
      let c = 0;
      old.forEach((x, i) => {
        if (!((weights[i] ?? 0) > 0)) return;
        if (x === 1 && now[i] === 0) b += 1;
        if (x === 0 && now[i] === 1) c += 1;
      });
      const boot = pairedBootstrap(old, now, weights, { seed: 7, resamples: 10 });
      expect(Math.sign(boot?.meanDiff ?? Number.NaN), `b=${b} c=${c}`).toBe(Math.sign(c - b));
      tested += 1;
      if (new Set(weights.filter((w) => w > 0)).size > 1) offByBits += 1;
    }
    expect(tested).toBeGreaterThan(100);
    // Some layouts' shares differ in their last bits, which mcnemarApplies's tolerance takes as one.
    expect(offByBits).toBeGreaterThan(0);
  });

  it('keeps McNemar out of QA71 1↓ 8↑ case, one pass → fail of weight 10 against eight of weight 1', () => {
    const old = [1, 0, 0, 0, 0, 0, 0, 0, 0];
    const now = [0, 1, 1, 1, 1, 1, 1, 1, 1];
    expect(mcnemarApplies(old, now, [10, 1, 1, 1, 1, 1, 1, 1, 1])).toBe(false);
  });
});

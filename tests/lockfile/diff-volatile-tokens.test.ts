/**
 * `evalc diff`'s volatile figures: a group's `tokens` is its total, so a dataset that grew
 * (25k → 50k examples) doubled it and showed as drift though each example used as many tokens.
 * When the groups ran different numbers of example runs, tokens per example run are compared.
 */
import { describe, expect, it } from 'vitest';
import { compareVolatile } from '../../src/lockfile/diff-volatile.js';
import type { Lockfile } from '../../src/lockfile/types.js';

function lockOf(rows: number, tokens: number, repeats = 1): Lockfile {
  return {
    run: { repeats, seed: 7 },
    results: Array.from({ length: rows }, (_, i) => ({ group: 'a/t/d', example: `e${i}` })),
    volatile: { 'a/t/d': { durationMsMean: 10, tokens } },
  } as unknown as Lockfile;
}

describe('volatile tokens in diff', () => {
  it('compares tokens per example run when the group ran a different number of them', () => {
    const deltas = compareVolatile(lockOf(2, 200), lockOf(4, 400), 0.2);
    expect(deltas.find((d) => d.field === 'tokens')).toBeUndefined();
    expect(deltas.find((d) => d.field === 'tokens per example run')).toMatchObject({
      old: 100,
      new: 100,
      withinTolerance: true,
    });
    // repeats count as runs too: 2 rows × 2 repeats used 400 → 100 per run, against 6 × 1 at 900
    expect(
      compareVolatile(lockOf(2, 400, 2), lockOf(6, 900), 0.2).find(
        (d) => d.field === 'tokens per example run',
      ),
    ).toMatchObject({ old: 100, new: 150, withinTolerance: false });
  });

  it('compares the totals when the runs are the same', () => {
    const deltas = compareVolatile(lockOf(3, 300), lockOf(3, 330), 0.2);
    expect(deltas.find((d) => d.field === 'tokens')).toMatchObject({
      old: 300,
      new: 330,
      withinTolerance: true,
    });
    expect(deltas.find((d) => d.field === 'tokens per example run')).toBeUndefined();
  });
});

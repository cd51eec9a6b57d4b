/**
 * A McNemar row whose p is below α but which is not significant: its flips, counted unweighted,
 * point against the weighted Δ (one pass → fail of weight 10, eight fail → pass of weight 1: Δ ▼,
 * 1↓ 8↑, p = 0.039). The p is evidence of the flips' direction, not of Δ's (lockfile/diff.ts), so
 * the row reads n.s. beside a p under α: say why under the table (QA71).
 */
import type { AggregateDelta } from '../lockfile/diff.js';

export function flipsAgainstNote(deltas: readonly AggregateDelta[], alpha: number): string | undefined {
  const rows = deltas.filter(
    (d) =>
      d.method === 'mcnemar' &&
      d.discordant !== undefined &&
      d.pValue !== null &&
      d.pValue < alpha &&
      !d.significant &&
      d.discordant.b !== d.discordant.c,
  );
  if (rows.length === 0) return undefined;
  const first = rows[0] as AggregateDelta;
  const flips = `${first.discordant?.b}↓ ${first.discordant?.c}↑`;
  return `n.s. with p < α (${first.metric}, ${flips}${rows.length > 1 ? `, and ${rows.length - 1} more` : ''}): McNemar counts the flips unweighted and most of them go the other way than the weighted Δ, so its p is no evidence of that Δ.`;
}

/**
 * A Monte Carlo sign-flip p is (1 + extreme) / (B + 1), never below 1/(B + 1) (sign-flip.ts): at an
 * α at or below that floor such a row can never read significant, however far its pairs moved.
 * QA262: `evalc diff --significance 0.0005` (or `run.significance: 0.0005`) at the default
 * `run.bootstrap: 1000` read `n.s. … 0.665 → 0.338 … p = 0.0010 (sign_flip, Monte Carlo)` and
 * `0 significant regressions` for 200 pairs whose exact p is below 1e-20. Say so under the table,
 * with the `run.bootstrap` that lets a p reach α.
 */
import type { AggregateDelta } from '../lockfile/diff.js';
import { formatPValue } from '../metrics/p-value-text.js';

/** run.bootstrap's largest value (plan schema). */
const MAX_RESAMPLES = 100000;

export function monteCarloFloorNote(
  deltas: readonly AggregateDelta[],
  alpha: number,
  resamples: number,
): string | undefined {
  const floor = 1 / (resamples + 1);
  if (floor < alpha) return undefined;
  const rows = deltas.filter((d) => d.pValueMethod === 'monte_carlo' && !d.significant);
  if (rows.length === 0) return undefined;
  const first = rows[0] as AggregateDelta;
  let needed = Math.floor(1 / alpha);
  if (!(1 / (needed + 1) < alpha)) needed += 1;
  const remedy =
    needed <= MAX_RESAMPLES
      ? `run.bootstrap: ${needed} or more lets one reach it`
      : `no run.bootstrap (at most ${MAX_RESAMPLES}) lets one reach it`;
  return `n.s. by the test's resolution (${first.metric}${rows.length > 1 ? `, and ${rows.length - 1} more` : ''}): a Monte Carlo p is never below 1/(B + 1) = ${formatPValue(floor, alpha)} (run.bootstrap ${resamples}), not below α = ${alpha}; ${remedy}.`;
}

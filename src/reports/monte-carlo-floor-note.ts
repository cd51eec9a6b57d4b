/**
 * A Monte Carlo sign-flip p is (1 + extreme) / (B + 1), never below 1/(B + 1) (sign-flip.ts): at an
 * α at or below that floor such a row can never read significant, however far its pairs moved.
 * QA262: `evalc diff --significance 0.0005` (or `run.significance: 0.0005`) at the default
 * `run.bootstrap: 1000` read `n.s. … 0.665 → 0.338 … p = 0.0010 (sign_flip, Monte Carlo)` and
 * `0 significant regressions` for 200 pairs whose exact p is below 1e-20. Say so under the table,
 * with the `run.bootstrap` that lets a p reach α.
 */
import type { AggregateDelta } from '../lockfile/diff.js';
import { monteCarloFloorClause } from '../metrics/p-value-text.js';

export function monteCarloFloorNote(
  deltas: readonly AggregateDelta[],
  alpha: number,
  resamples: number,
): string | undefined {
  const clause = monteCarloFloorClause(alpha, resamples);
  if (clause === undefined) return undefined;
  const rows = deltas.filter((d) => d.pValueMethod === 'monte_carlo' && !d.significant);
  if (rows.length === 0) return undefined;
  const first = rows[0] as AggregateDelta;
  return `n.s. by the test's resolution (${first.metric}${rows.length > 1 ? `, and ${rows.length - 1} more` : ''}): ${clause}.`;
}

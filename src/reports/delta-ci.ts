/**
 * A comparison row's CI cell (text, report.md, report.html): the paired bootstrap CI, and when the
 * row's Δ (of the two runs' aggregates) is not the paired change that CI measures — examples added,
 * removed, or with a figure in one run only, such as an errored judge's — that change beside it:
 * `[0.000, 0.000] of paired Δ ±0.000`. QA158: `▼ −0.240  CI [0.000, 0.000]` read as a CI that
 * missed its own Δ.
 */
import type { AggregateDelta } from '../lockfile/diff.js';
import { formatCi, formatSigned } from './format.js';

export function formatDeltaCi(d: Pick<AggregateDelta, 'ci' | 'pairedDelta'>): string {
  const ci = formatCi(d.ci, 3);
  return ci === '' || d.pairedDelta === undefined ? ci : `${ci} of paired Δ ${formatSigned(d.pairedDelta)}`;
}

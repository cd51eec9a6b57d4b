/**
 * A comparison row's CI cell (text, report.md, report.html): the paired bootstrap CI, and when the
 * row's Δ (of the two runs' aggregates) is not the paired change that CI measures — examples added,
 * removed, or with a figure in one run only, such as an errored judge's — that change beside it:
 * `[0.000, 0.000] of paired Δ ±0.000`. QA158: `▼ −0.240  CI [0.000, 0.000]` read as a CI that
 * missed its own Δ.
 */
import type { AggregateDelta } from '../lockfile/diff.js';
import { formatCi, formatMeasure, formatSigned, isSmallMeasure, signedMeasure } from './format.js';

/**
 * A value's CI within (−0.01, 0.01) prints its bounds as the value row prints its own, three
 * significant digits, and its paired Δ alike (QA309: `0.0004 → 0.0008  ▲ +0.0004  CI [0.000,
 * 0.000]`, a CI of no change beside the change); a score's with three decimals as before.
 */
export function formatDeltaCi(
  d: Pick<AggregateDelta, 'ci' | 'pairedDelta'> & { field?: AggregateDelta['field'] },
): string {
  const small =
    d.field === 'value' &&
    d.ci !== null &&
    d.ci.every((x) => x === 0 || isSmallMeasure(x)) &&
    d.ci.some((x) => x !== 0);
  const ci = small && d.ci ? `[${formatMeasure(d.ci[0])}, ${formatMeasure(d.ci[1])}]` : formatCi(d.ci, 3);
  if (ci === '' || d.pairedDelta === undefined) return ci;
  return `${ci} of paired Δ ${small ? signedMeasure(d.pairedDelta) : formatSigned(d.pairedDelta)}`;
}

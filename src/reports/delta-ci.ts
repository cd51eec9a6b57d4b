/**
 * A comparison row's CI cell (text, report.md, report.html): the paired bootstrap CI, and when the
 * row's Δ (of the two runs' aggregates) is not the paired change that CI measures — examples added,
 * removed, or with a figure in one run only, such as an errored judge's — that change beside it:
 * `[0.000, 0.000] of paired Δ ±0.000`. QA158: `▼ −0.240  CI [0.000, 0.000]` read as a CI that
 * missed its own Δ.
 */
import type { AggregateDelta } from '../lockfile/diff.js';
import { fmt } from '../metrics/gate-figures.js';
import { formatCi, formatSigned, signedMeasure } from './format.js';

/**
 * A value's CI prints each bound as a gate message prints it (gate-figures.ts), below 0.01 in three
 * significant digits as the value row's figures, and its paired Δ alike (QA309: `0.0004 → 0.0008
 * ▲ +0.0004  CI [0.000, 0.000]`, a CI of no change beside the change; QA312: one bound from 0.01
 * put the other back to three decimals, `[0.000, 0.012]` beside the regression gate's `95% CI of
 * the change [0.0003, 0.012]`, a CI reading as reaching no change); a score's with three decimals.
 */
export function formatDeltaCi(
  d: Pick<AggregateDelta, 'ci' | 'pairedDelta'> & { field?: AggregateDelta['field'] },
): string {
  const value = d.field === 'value';
  const ci = value && d.ci ? `[${fmt(d.ci[0])}, ${fmt(d.ci[1])}]` : formatCi(d.ci, 3);
  if (ci === '' || d.pairedDelta === undefined) return ci;
  return `${ci} of paired Δ ${value ? signedMeasure(d.pairedDelta) : formatSigned(d.pairedDelta)}`;
}

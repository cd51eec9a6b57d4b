/**
 * The gates part of apply's summary line: `gates 2/3 passed, 1 failed`. A regression gate without
 * `--baseline` is skipped, and the line says so (QA48): `1 skipped` alone left a user wondering why
 * the `max_drop` they wrote checked nothing (the reason was in report.md only).
 */
import type { LockGate } from '../lockfile/types.js';
import { NOT_IN_BASELINE } from '../metrics/index.js';

/** The message gate-regression.ts gives a regression gate that had no baseline. */
const NO_BASELINE = ': no baseline, regression check skipped';

/** gate-regression.ts's message for a gate whose scope shares no example with the baseline. */
const NO_PAIRS = /: no paired examples with the baseline at (.+) for ([^ ]+)$/;

/** `dataset:t/d` → `t/d`, `task:t` → `t`: the ids a user wrote. */
const formatTarget = (target: string): string => target.replace(/^(dataset|task):/, '');

export function gateSummary(
  gates: readonly Pick<LockGate, 'passed' | 'skipped' | 'kind' | 'message'>[],
): string {
  if (gates.length === 0) return 'no gates';
  const skipped = gates.filter((g) => g.passed && g.skipped).length;
  const failed = gates.filter((g) => !g.passed).length;
  const noBaseline = gates.filter(
    (g) => g.passed && g.skipped && g.kind === 'regression' && g.message.endsWith(NO_BASELINE),
  ).length;
  // A regression gate on a metric the baseline lacks (renamed in this PR) checked nothing either (QA115).
  const notInBaseline = [
    ...new Set(
      gates
        .filter(
          (g) => g.passed && g.skipped && g.kind === 'regression' && g.message.endsWith(NOT_IN_BASELINE),
        )
        .map((g) => g.message.slice(0, -NOT_IN_BASELINE.length)),
    ),
  ];
  // Nothing of the baseline to pair at the gate's scope: a dataset or agent the pull request adds (QA139).
  const noPairMatches = gates
    .filter((g) => g.passed && g.skipped && g.kind === 'regression')
    .map((g) => NO_PAIRS.exec(g.message))
    .filter((m) => m !== null);
  const noPairs = [...new Set(noPairMatches.map((m) => `${formatTarget(m[1] as string)} for ${m[2]}`))];
  const notInBaselineCount = gates.filter(
    (g) => g.passed && g.skipped && g.kind === 'regression' && g.message.endsWith(NOT_IN_BASELINE),
  ).length;
  // `2 skipped (1 of them regression: …)`: the reason said of some of the skipped gates only, as of
  // gates without --baseline (QA256: `4 skipped (regression: no paired examples …)` read as all four).
  const ofThem = (count: number) => (count === skipped ? '' : `${count} of them `);
  const reasons = [
    ...(noBaseline === 0 ? [] : [`${ofThem(noBaseline)}regression: no --baseline LOCK to compare with`]),
    ...(notInBaseline.length === 0
      ? []
      : [`${ofThem(notInBaselineCount)}regression: not in the baseline: ${notInBaseline.join(', ')}`]),
    ...(noPairs.length === 0
      ? []
      : [
          `${ofThem(noPairMatches.length)}regression: no paired examples in the baseline: ${noPairs.join(', ')}`,
        ]),
  ];
  const why = reasons.length === 0 ? '' : ` (${reasons.join('; ')})`;
  return `gates ${gates.length - failed - skipped}/${gates.length} passed${failed ? `, ${failed} failed` : ''}${skipped ? `, ${skipped} skipped${why}` : ''}`;
}

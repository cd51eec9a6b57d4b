/**
 * `judge_agreement` compares the judge's scores with the examples' `human_score` labels (DESIGN
 * §2, §4). Over a dataset none of whose examples has one, it has no pair, so no figure: report.md
 * left the metric out and validate said nothing (QA341, DESIGN's course-search with
 * `{ type: judge_agreement }` added). A warning at the metric, as for an expected path no example has.
 */
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { ResolvedGroup } from './resolve.js';

export function checkHumanScores(
  group: ResolvedGroup,
  locate: (path: PlanPath) => SourcePosition | undefined,
): Diagnostic[] {
  const examples = group.dataset.examples;
  // A dataset with refused rows may have its labels in one of them (expected-check.ts, QA170).
  if (examples.length === 0 || group.dataset.incomplete) return [];
  if (examples.some((example) => typeof example.human_score === 'number')) return [];
  // Only where its judge metric is scored: a plan-wide judge_agreement over a task without one
  // (accepted when the reference holds in some task) computes nothing there whatever the labels.
  const ids = new Set(group.metrics.map((metric) => metric.id));
  const judged = (metric: ResolvedGroup['metrics'][number]) => {
    const ref = (metric.config as Record<string, unknown>).metric;
    return ids.has(typeof ref === 'string' ? ref : 'judge');
  };
  return group.metrics
    .filter((metric) => metric.type === 'judge_agreement' && judged(metric))
    .map((metric) =>
      diagnostic(
        'EVALC_REF_EXPECTED',
        `\`${metric.id}\` compares the judge with the examples' human_score, which no example of dataset ${group.datasetId} has: it has no figure there`,
        metric.path,
        {
          severity: 'warning',
          source: locate(metric.path),
          hint: 'give the examples a human_score (a number: the human label of the answer), or leave judge_agreement to a dataset that has them',
        },
      ),
    );
}

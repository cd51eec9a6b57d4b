/**
 * `judge_agreement` compares the judge's scores with the examples' `human_score` labels (DESIGN
 * §2, §4). Over a dataset none of whose examples has one, it has no pair, so no figure: report.md
 * left the metric out and validate said nothing (QA341, DESIGN's course-search with
 * `{ type: judge_agreement }` added). A warning at the metric, as for an expected path no example has:
 * one per metric, naming every such dataset (QA351: one per dataset, all at one file:line:col).
 */
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { ResolvedGroup } from './resolve.js';

type Metric = ResolvedGroup['metrics'][number];

export function checkHumanScores(
  groups: readonly ResolvedGroup[],
  locate: (path: PlanPath) => SourcePosition | undefined,
): Diagnostic[] {
  const unlabelled = new Map<string, { metric: Metric; datasets: Map<string, [string, string]> }>();
  const labelled = new Map<ResolvedGroup['dataset'], boolean>();
  for (const group of groups) {
    const examples = group.dataset.examples;
    // A dataset with refused rows may have its labels in one of them (expected-check.ts, QA170).
    if (examples.length === 0 || group.dataset.incomplete) continue;
    const metrics = group.metrics.filter(
      (metric) => metric.type === 'judge_agreement' && judged(group, metric),
    );
    if (metrics.length === 0) continue;
    let has = labelled.get(group.dataset);
    if (has === undefined) {
      has = examples.some((example) => typeof example.human_score === 'number');
      labelled.set(group.dataset, has);
    }
    if (has) continue;
    for (const metric of metrics) {
      const key = metric.path.join('\u0000');
      const entry = unlabelled.get(key) ?? { metric, datasets: new Map() };
      entry.datasets.set(`${group.taskId}\u0000${group.datasetId}`, [group.taskId, group.datasetId]);
      unlabelled.set(key, entry);
    }
  }
  return [...unlabelled.values()].map(({ metric, datasets }) => {
    const tasks = new Set([...datasets.values()].map(([taskId]) => taskId));
    const names = [
      ...new Set(
        [...datasets.values()].map(([taskId, datasetId]) =>
          tasks.size > 1 ? `${taskId}/${datasetId}` : datasetId,
        ),
      ),
    ];
    return diagnostic(
      'EVALC_REF_EXPECTED',
      `\`${metric.id}\` compares the judge with the examples' human_score, which no example of ${names.length === 1 ? 'dataset' : 'datasets'} ${names.join(', ')} has: it has no figure there`,
      metric.path,
      {
        severity: 'warning',
        source: locate(metric.path),
        hint: 'give the examples a human_score (a number: the human label of the answer), or leave judge_agreement to a dataset that has them',
      },
    );
  });
}

/**
 * Only where its judge metric is scored: a plan-wide judge_agreement over a task without one
 * (accepted when the reference holds in some task) computes nothing there whatever the labels.
 */
function judged(group: ResolvedGroup, metric: Metric): boolean {
  const ref = (metric.config as Record<string, unknown>).metric;
  return group.metrics.some((m) => m.id === (typeof ref === 'string' ? ref : 'judge'));
}

/**
 * Validates the metric list of one task (global `metrics:` followed by the task's own) as a
 * whole: each config (resolveMetric), unique ids, and references between metrics — the ids
 * named by win_rate.metric, pass_at_k/pass_hat_k.metric, judge_agreement.metric,
 * judge_stability.metric and position_bias.forward/backward must exist — and, when the plan's
 * judge names are given, judge/checklist `judge:` names.
 */
import { getMetricDefinition, type MetricIssue, resolveMetric } from './registry.js';
import type { MetricStage, ResolvedMetric } from './types.js';

export interface MetricListIssue extends Omit<MetricIssue, 'code'> {
  code:
    | MetricIssue['code']
    | 'EVALC_METRIC_DUPLICATE_ID'
    | 'EVALC_METRIC_UNKNOWN_REF'
    | 'EVALC_METRIC_AGGREGATE_REF'
    | 'EVALC_METRIC_UNKNOWN_JUDGE';
}

/** Param names that hold another metric's id, per metric type. */
const REFERENCES: Record<string, string[]> = {
  win_rate: ['metric'],
  pass_at_k: ['metric'],
  pass_hat_k: ['metric'],
  judge_agreement: ['metric'],
  judge_stability: ['metric'],
  position_bias: ['forward', 'backward'],
};

/**
 * Whether a metric of type `referrer` can read a metric of stage `stage`: a repeats-stage one reads
 * each repeat's results (example and derived metrics), a set-stage one each example's rolled-up
 * results (those and the repeats-stage metrics, rollup-repeats.ts).
 */
export function readsStage(referrer: string, stage: MetricStage): boolean {
  if (stage === 'example' || stage === 'derived') return true;
  return stage === 'repeats' && getMetricDefinition(referrer)?.stage === 'set';
}

export function resolveMetricList(
  configs: readonly Record<string, unknown>[],
  options: { judges?: readonly string[] } = {},
): { metrics: ResolvedMetric[]; issues: MetricListIssue[] } {
  const metrics: ResolvedMetric[] = [];
  const issues: MetricListIssue[] = [];
  const seen = new Map<string, number>();
  configs.forEach((config, index) => {
    const r = resolveMetric(config);
    if (!r.ok) {
      for (const issue of r.issues) issues.push({ ...issue, path: [index, ...issue.path] });
      return;
    }
    const first = seen.get(r.metric.id);
    if (first !== undefined) {
      issues.push({
        code: 'EVALC_METRIC_DUPLICATE_ID',
        message: `metric id "${r.metric.id}" is already used by metric #${first + 1}; give one an id:`,
        path: [index, 'id'],
      });
      return;
    }
    seen.set(r.metric.id, index);
    metrics.push(r.metric);
  });
  const byId = new Map(metrics.map((m) => [m.id, m]));
  for (const m of metrics) {
    const index = seen.get(m.id) ?? 0;
    for (const key of REFERENCES[m.type] ?? []) {
      const ref = m.params[key];
      if (typeof ref !== 'string') continue;
      const target = byId.get(ref);
      if (!target) {
        issues.push({
          code: 'EVALC_METRIC_UNKNOWN_REF',
          message: `${m.type}.${key} names metric "${ref}", which this task does not define`,
          path: [index, key],
        });
        continue;
      }
      // A repeats-stage metric (pass_at_k, …) reads each repeat's score of its metric, which one figure
      // over an example's repeats or over the examples has not: it scored 0 in silence (QA331). A
      // set-stage metric (win_rate, judge_agreement, position_bias) reads each example's figure,
      // which a repeats-stage metric has (win_rate.metric: pass_at_k compares each example's pass@k,
      // QA345): only another set-stage metric, or itself, is none.
      const stage = getMetricDefinition(target.type)?.stage;
      if (stage !== undefined && !readsStage(m.type, stage))
        issues.push({
          code: 'EVALC_METRIC_AGGREGATE_REF',
          message: `${m.type}.${key} names metric "${ref}", ${target === m ? 'itself' : `a ${target.type}`}, which scores no single answer (it is one figure over ${stage === 'set' ? 'the examples' : "an example's repeats"})`,
          path: [index, key],
        });
    }
    const judge = m.params.judge;
    if (options.judges && (m.type === 'judge' || m.type === 'checklist') && typeof judge === 'string') {
      if (!options.judges.includes(judge)) {
        issues.push({
          code: 'EVALC_METRIC_UNKNOWN_JUDGE',
          message: `unknown judge "${judge}"`,
          path: [index, 'judge'],
        });
      }
    }
  }
  return { metrics, issues };
}

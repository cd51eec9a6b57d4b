/**
 * References between a task's metrics, checked at validate time: the metric ids that
 * win_rate/pass_at_k/pass_hat_k/judge_agreement/judge_stability (`metric`) and position_bias
 * (`forward`, `backward`) read, with their defaults applied (`resolveMetricList` of
 * src/metrics), and win_rate's `baseline`, which must be an agent running the task. A wrong
 * reference otherwise computes nothing, silently.
 */
import { getMetricDefinition, type MetricListIssue, resolveMetricList } from '../metrics/index.js';
import { readsStage } from '../metrics/resolve-metric-list.js';
import type { ResolvedMetric } from '../metrics/types.js';
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { MetricConfig } from '../plan/schema.js';
import { didYouMean } from '../plan/suggest.js';

export function checkMetricReferences(
  entries: readonly [MetricConfig, PlanPath][],
  taskId: string,
  taskAgents: readonly string[],
  locate: (path: PlanPath, key?: string) => SourcePosition | undefined,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const configs = entries.map(([config]) => config as unknown as Record<string, unknown>);
  const ids = entries.map(([config]) => config.id ?? config.type);
  const resolved = resolveMetricList(configs);
  for (const issue of resolved.issues) {
    if (issue.code === 'EVALC_METRIC_AGGREGATE_REF') {
      out.push(aggregateReference(issue, entries, resolved.metrics, locate));
      continue;
    }
    if (issue.code !== 'EVALC_METRIC_UNKNOWN_REF') continue;
    const [index, key] = issue.path;
    const entry = typeof index === 'number' ? entries[index] : undefined;
    if (!entry || typeof key !== 'string') continue;
    const [config, metricPath] = entry;
    const written = (config as Record<string, unknown>)[key];
    const ref = /names metric "([^"]*)"/.exec(issue.message)?.[1] ?? String(written);
    // A metric of that id the task has but that failed its own check (a `{ type: judge }` with no
    // judge:) is said there: "does not define" of it, hinted to add it, was a cascade (QA327).
    if (ids.includes(ref)) continue;
    const path = written === undefined ? metricPath : [...metricPath, key];
    out.push(
      diagnostic(
        'EVALC_REF_METRIC',
        `${config.type}.${key}${written === undefined ? ' (default)' : ''} names metric \`${ref}\`, which task ${taskId} does not define`,
        path,
        {
          source: locate(path),
          // A default the user never wrote is no misspelling of another id (QA315: win_rate's
          // default `pass_rate` was hinted "did you mean `pass_hat_k`?").
          hint:
            written === undefined
              ? `add \`- { type: ${ref}${ref === 'judge' ? ', judge: <id>' : ''} }\` to the metrics, or set ${key}: to one of the task's (${ids.join(', ')})`
              : (didYouMean(ref, ids) ?? `metrics: ${ids.join(', ')}`),
        },
      ),
    );
  }
  for (const [config, metricPath] of entries) {
    const baseline = (config as Record<string, unknown>).baseline;
    if (config.type !== 'win_rate' || typeof baseline !== 'string' || taskAgents.includes(baseline)) continue;
    const path = [...metricPath, 'baseline'];
    out.push(
      diagnostic(
        'EVALC_REF_AGENT',
        `win_rate.baseline names \`${baseline}\`, not an agent of task ${taskId}`,
        path,
        {
          source: locate(path),
          hint: didYouMean(baseline, taskAgents) ?? `agents of the task: ${taskAgents.join(', ') || 'none'}`,
        },
      ),
    );
  }
  return out;
}

/**
 * A reference to a metric that is one figure over repeats or examples (pass_at_k.metric: win_rate,
 * or itself): it reads each repeat's score, which such a metric has not (QA331: it scored 0, unsaid).
 */
function aggregateReference(
  issue: MetricListIssue,
  entries: readonly [MetricConfig, PlanPath][],
  metrics: readonly ResolvedMetric[],
  locate: (path: PlanPath, key?: string) => SourcePosition | undefined,
): Diagnostic {
  const [index, key] = issue.path;
  const metricPath = (typeof index === 'number' ? entries[index]?.[1] : undefined) ?? [];
  const written =
    typeof index === 'number' ? (entries[index]?.[0] as Record<string, unknown>)?.[String(key)] : undefined;
  const path = written === undefined ? metricPath : [...metricPath, String(key)];
  const referrer = typeof index === 'number' ? entries[index]?.[0].type : undefined;
  const perExample = referrer !== undefined && getMetricDefinition(referrer)?.stage === 'set';
  const scored = metrics
    .filter((m) => {
      const stage = getMetricDefinition(m.type)?.stage;
      return stage !== undefined && referrer !== undefined && readsStage(referrer, stage);
    })
    .map((m) => m.id);
  return diagnostic(
    'EVALC_REF_METRIC',
    `${issue.message.replace(/"([^"]*)"/, '`$1`')}${written === undefined ? ' (its default)' : ''}`,
    path,
    {
      source: locate(path),
      hint: `${perExample ? 'name a metric with a figure per example' : 'name a metric that scores each answer'}: ${scored.length > 0 ? scored.join(', ') : 'the task has none'}`,
    },
  );
}

/**
 * Judge pins: the `rubricVersion` tag of each rubric registered on an agent-eval judge server
 * that the plan's metrics are judged against (shared/protocols/agent-eval.md A4: "store
 * per-rubric tag"; judge results are cached "keyed by (rubricVersion, content, context, model)").
 * A rubric the plan defines is in the metric's digest already; a registered one lives on the
 * server, so its tag joins the digest of each metric that uses it: a changed server rubric
 * re-scores, and only those metrics. Apply learns the tags live (`GET /v1/rubrics`); plan reads
 * them from evalc.lock.
 */
import type { Lockfile } from '../lockfile/types.js';
import type { Plan } from '../plan/schema.js';
import { digestOf } from './content-key.js';
import type { ResolvedMetric } from './resolve.js';

/** Judge id → rubric name → `rubricVersion` tag. */
export type JudgePins = Record<string, Record<string, string>>;

/** The rubric a judge metric is judged against: its own `rubric:` (or `judge_config.judge_rubric`), else its judge's. */
export function metricRubricName(metric: ResolvedMetric, plan: Plan): string | undefined {
  if (!metric.judgeId) return undefined;
  const config = metric.config as Record<string, unknown>;
  if (typeof config.rubric === 'string' && config.rubric !== '') return config.rubric;
  const judgeConfig = config.judge_config;
  if (judgeConfig !== null && typeof judgeConfig === 'object') {
    const name = (judgeConfig as Record<string, unknown>).judge_rubric;
    if (typeof name === 'string' && name !== '') return name;
  }
  return plan.judges[metric.judgeId]?.rubric;
}

/** Agent-eval judges and the rubrics their metrics use that the plan does not define (the server may). */
export function registeredRubricsInUse(
  metrics: Iterable<ResolvedMetric>,
  plan: Plan,
): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  for (const metric of metrics) {
    const judgeId = metric.judgeId;
    if (!judgeId || plan.judges[judgeId]?.protocol !== 'agent-eval') continue;
    const name = metricRubricName(metric, plan);
    if (name === undefined || plan.rubrics[name] !== undefined) continue;
    let names = used.get(judgeId);
    if (!names) used.set(judgeId, (names = new Set()));
    names.add(name);
  }
  return used;
}

/** The pins of one judge: the tag of each rubric in use that its server lists. */
export function pinsListed(
  inUse: ReadonlySet<string>,
  listed: ReadonlyMap<string, string>,
): Record<string, string> {
  const pins: Record<string, string> = {};
  for (const name of [...inUse].sort()) {
    const tag = listed.get(name);
    if (tag !== undefined) pins[name] = tag;
  }
  return pins;
}

/** The rubric name of a `rubricVersion` tag (`name@…`); '' for a tag without one. */
export function rubricNameOf(tag: string): string {
  return tag.slice(0, tag.indexOf('@') >>> 0);
}

/** The registered-rubric tags evalc.lock pinned per judge (`judges.<id>.registeredRubrics`). */
export function judgePinsFromLock(lock: Lockfile | undefined): JudgePins {
  const pins: JudgePins = {};
  for (const [id, judge] of Object.entries(lock?.judges ?? {}))
    if (judge.registeredRubrics && Object.keys(judge.registeredRubrics).length > 0)
      pins[id] = { ...judge.registeredRubrics };
  return pins;
}

/** A metric's digest with the tag of the registered rubric it is judged against, when pinned. */
export function pinnedMetricDigest(metric: ResolvedMetric, plan: Plan, pins: JudgePins): string {
  const name = metricRubricName(metric, plan);
  if (!metric.judgeId || name === undefined || plan.rubrics[name] !== undefined) return metric.digest;
  if (plan.judges[metric.judgeId]?.protocol !== 'agent-eval') return metric.digest;
  const tag = pins[metric.judgeId]?.[name];
  return tag === undefined ? metric.digest : digestOf({ metric: metric.digest, rubricVersion: tag });
}

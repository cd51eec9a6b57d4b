/**
 * QA217's rule for a judge metric with `dimension:`: a score outside [0, 1] is a metric_error,
 * no longer clamped. The metric's key carries the rule so a score an earlier evalc cached is judged
 * again once; `plan` says so only when that is what changed (QA225: an edit of the metric's plan
 * rubric read "evalc no longer clamps…" where the composite beside it read "rubric mine changed").
 */
import type { MetricConfig, Plan } from '../plan/schema.js';

/**
 * The key fields of the rule: present on a judge metric that scores one dimension of a rubric an
 * agent-eval server may hold by name (registered, or a built-in it lists), whose range evalc cannot
 * know. A plan rubric goes inline with 0..1 ranges and an `openai` judge's verdict is checked on
 * 0..1: a score outside is a judge_error there, never clamped, so their keys stay as they were
 * (QA225: every `dimension:` metric was judged again after the upgrade, for nothing).
 */
export function dimensionRangeRule(
  config: MetricConfig,
  plan: Plan,
  judgeId: string | undefined,
): { dimensionRange?: 'unit' } {
  if (config.type !== 'judge' || !('dimension' in config) || config.dimension === undefined) return {};
  const judge = judgeId !== undefined ? plan.judges[judgeId] : undefined;
  if (judge?.protocol !== 'agent-eval') return {};
  const params = config as unknown as { rubric?: unknown; judge_config?: { judge_rubric?: unknown } };
  const named = params.rubric ?? params.judge_config?.judge_rubric ?? judge.rubric;
  return typeof named === 'string' && Object.hasOwn(plan.rubrics, named) ? {} : { dimensionRange: 'unit' };
}

/** Why the metric re-scores when its recorded digest is the one an evalc without the rule gave it. */
export function dimensionRangeReason(
  config: Readonly<Record<string, unknown>>,
  formerDigest: string | undefined,
  lockedDigest: string,
): string | undefined {
  return formerDigest !== undefined && formerDigest === lockedDigest
    ? `because evalc no longer clamps a dimension score outside [0, 1] to it (dimension: ${String(config.dimension)}): such a score is now a metric_error`
    : undefined;
}

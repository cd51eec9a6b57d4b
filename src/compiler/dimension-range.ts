/**
 * QA217's rule for a judge metric with `dimension:`: a score outside [0, 1] is a metric_error,
 * no longer clamped. The metric's key carries the rule so a score an earlier evalc cached is judged
 * again once; `plan` says so only when that is what changed (QA225: an edit of the metric's plan
 * rubric read "evalc no longer clamps…" where the composite beside it read "rubric mine changed").
 */
import type { MetricConfig } from '../plan/schema.js';

/** The key fields of the rule: present on a judge metric that scores one dimension. */
export function dimensionRangeRule(config: MetricConfig): { dimensionRange?: 'unit' } {
  return config.type === 'judge' && 'dimension' in config && config.dimension !== undefined
    ? { dimensionRange: 'unit' }
    : {};
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

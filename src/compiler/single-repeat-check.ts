/**
 * `consistency` and `judge_stability` compare an example's repeats. With `run.repeats: 1` (DESIGN
 * §2's run settings) there is one repeat to compare, so every example scores 1 — agreement and
 * stability a run cannot have measured — and validate said nothing (QA101). A warning at the metric.
 */
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { MetricConfig, Plan } from '../plan/schema.js';

const ACROSS_REPEATS: Record<string, string> = {
  consistency: 'agreement across repeats',
  judge_stability: "the spread of the judge's scores across repeats",
};

export function checkSingleRepeat(
  config: MetricConfig,
  path: PlanPath,
  plan: Plan,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
): Diagnostic[] {
  const what = ACROSS_REPEATS[config.type];
  if (what === undefined || plan.run.repeats > 1) return [];
  return [
    diagnostic(
      'EVALC_METRIC_REPEATS',
      `\`${config.id ?? config.type}\` measures ${what}, and run.repeats is ${plan.run.repeats}: every example would score 1`,
      path,
      {
        severity: 'warning',
        source: locate(path),
        hint: 'set run: { repeats: 2 } or more (each example is invoked that many times)',
      },
    ),
  ];
}

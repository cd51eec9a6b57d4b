/**
 * `consistency` and `judge_stability` compare an example's repeats. With `run.repeats: 1` (DESIGN
 * §2's run settings) there is one repeat to compare, so every example scores 1 — agreement a run
 * cannot have measured — or, for judge_stability, has no figure (QA125) — and validate said nothing
 * (QA101). A warning at the metric.
 */
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { MetricConfig, Plan } from '../plan/schema.js';

const ACROSS_REPEATS: Record<string, { what: string; outcome: string }> = {
  consistency: { what: 'agreement across repeats', outcome: 'every example would score 1' },
  // One verdict per example: nothing to compare it with, no figure (QA125; it read as 1).
  judge_stability: {
    what: "the spread of the judge's scores across repeats",
    outcome: 'no example would have a figure',
  },
};

export function checkSingleRepeat(
  config: MetricConfig,
  path: PlanPath,
  plan: Plan,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
): Diagnostic[] {
  const across = ACROSS_REPEATS[config.type];
  if (across === undefined || plan.run.repeats > 1) return [];
  return [
    diagnostic(
      'EVALC_METRIC_REPEATS',
      `\`${config.id ?? config.type}\` measures ${across.what}, and run.repeats is ${plan.run.repeats}: ${across.outcome}`,
      path,
      {
        severity: 'warning',
        source: locate(path),
        hint: 'set run: { repeats: 2 } or more (each example is invoked that many times)',
      },
    ),
  ];
}

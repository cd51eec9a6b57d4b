/**
 * A metric's `threshold` compares each example's score, which lies in [0, 1] for every metric
 * (score-example.ts keeps it there; efficiency metrics too, whose ms/tokens/USD are their `value`).
 * `threshold: 1.5` could never be reached — every example failed that metric — and `threshold: -1`
 * passed every scored example; both were accepted without a word (QA59 F13). A warning, like
 * EVALC_GATE_RANGE for a gate's `min`/`max`.
 */

import { getMetricDefinition } from '../metrics/index.js';
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { MetricConfig } from '../plan/schema.js';

export function checkThreshold(
  config: MetricConfig,
  path: PlanPath,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
): Diagnostic[] {
  const t = config.threshold;
  if (typeof t !== 'number') return config.gate === true ? unscoredGate(config, path, locate) : [];
  if (t >= 0 && t <= 1) return unscoredThreshold(config, t, path, locate);
  const at: PlanPath = [...path, 'threshold'];
  const name = config.id ?? config.type;
  const effect =
    t > 1 ? 'no score reaches it: every example fails this metric' : 'every scored example passes it';
  return [
    diagnostic(
      'EVALC_METRIC_THRESHOLD',
      `\`threshold: ${t}\` on \`${name}\`: ${effect} (a threshold compares the example's score, which lies in [0, 1])`,
      at,
      {
        severity: 'warning',
        source: locate(at),
        hint:
          getMetricDefinition(config.type)?.family === 'efficiency'
            ? 'to bound the measurement (ms, tokens, USD, steps), give the metric a budget: and a threshold of 1 (within budget)'
            : 'give a threshold between 0 and 1',
      },
    ),
  ];
}

/** The efficiency metrics whose score exists only with a `budget:` (their figure is a measurement). */
const SCORED_BY_BUDGET: Record<string, string> = { steps: 'steps', tokens: 'tokens', cost: 'USD' };

/**
 * A threshold in [0, 1] on `steps`, `tokens` or `cost` without a `budget:`: they have no score then,
 * only their measurement, so no example reaches it — every example failed the metric (and, gating,
 * the example), with no reason given (QA98: `{ type: cost, threshold: 0.5 }` made pass_rate 0).
 */
function unscoredThreshold(
  config: MetricConfig,
  t: number,
  path: PlanPath,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
): Diagnostic[] {
  const unit = SCORED_BY_BUDGET[config.type];
  if (unit === undefined || (config as Record<string, unknown>).budget !== undefined) return [];
  const at: PlanPath = [...path, 'threshold'];
  const name = config.id ?? config.type;
  return [
    diagnostic(
      'EVALC_METRIC_THRESHOLD',
      `\`threshold: ${t}\` on \`${name}\`: ${config.type} has no score without a \`budget:\` (only its measurement, ${unit}), so no example reaches it: every example fails this metric`,
      at,
      {
        severity: 'warning',
        source: locate(at),
        hint: `give it a budget: (score = min(1, budget / ${unit === 'USD' ? 'cost' : config.type})) and a threshold of 1 (within budget), or bound the mean with a gate: { metric: ${name}, max: … }`,
      },
    ),
  ];
}

/**
 * `gate: true` without a threshold on `steps`, `tokens` or `cost` without a `budget:`: the gate reads
 * the score, which they do not have then, so every example failed — pass_rate 0 beside passing
 * checks, each failing example saying only `failed pass_rate` — while validate warned about the
 * same metric with a threshold (QA99, review of 51d9164).
 */
function unscoredGate(
  config: MetricConfig,
  path: PlanPath,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
): Diagnostic[] {
  const unit = SCORED_BY_BUDGET[config.type];
  if (unit === undefined || (config as Record<string, unknown>).budget !== undefined) return [];
  const at: PlanPath = [...path, 'gate'];
  const name = config.id ?? config.type;
  return [
    diagnostic(
      'EVALC_METRIC_THRESHOLD',
      `\`gate: true\` on \`${name}\`: ${config.type} has no score without a \`budget:\` (only its measurement, ${unit}), so no example passes it: every example fails`,
      at,
      {
        severity: 'warning',
        source: locate(at),
        hint: `give it a budget: (score = min(1, budget / ${unit === 'USD' ? 'cost' : config.type}), passing within budget), or bound the mean with a gate: { metric: ${name}, max: … }`,
      },
    ),
  ];
}

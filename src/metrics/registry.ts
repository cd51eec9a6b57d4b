/**
 * The metric registry: every metric type evalc ships (DESIGN.md §4), and `resolveMetric`, which
 * splits a plan metric config into the common fields (type, id, threshold, gate, weight) and
 * the type's validated params.
 */

import { invalidActionRate, repetitionRate, toolCallMatch } from './families/action-validity.js';
import { consistency } from './families/behavioural-attributes.js';
import { groundTruthProtection } from './families/benchmark-integrity.js';
import { bleu } from './families/bleu.js';
import { checklist, judge } from './families/content-assessment.js';
import { cost, steps, timeToSuccess, tokens } from './families/efficiency.js';
import { judgeAgreement, judgeStability, positionBias } from './families/evaluator-reliability.js';
import { contains, exactMatch, f1, numeric, regex } from './families/linguistic-fidelity.js';
import { passRate, winRate } from './families/outcome-efficacy.js';
import { passAtKMetric, passHatKMetric } from './families/robustness.js';
import { rougeLMetric } from './families/rouge-l.js';
import { policyAdherence, refusalRate } from './families/safety.js';
import { checkpoints, progressRate } from './families/trajectory-quality.js';
import type { MetricDefinition, ResolvedMetric } from './types.js';

const DEFINITIONS: readonly MetricDefinition[] = [
  passRate,
  winRate,
  checkpoints,
  progressRate,
  toolCallMatch,
  invalidActionRate,
  repetitionRate,
  exactMatch,
  contains,
  regex,
  f1,
  bleu,
  rougeLMetric,
  numeric,
  judge,
  checklist,
  timeToSuccess,
  steps,
  tokens,
  cost,
  consistency,
  refusalRate,
  policyAdherence,
  passHatKMetric,
  passAtKMetric,
  judgeAgreement,
  judgeStability,
  positionBias,
  groundTruthProtection,
] as MetricDefinition[];

const BY_TYPE = new Map(DEFINITIONS.map((d) => [d.type, d]));

export function listMetricDefinitions(): readonly MetricDefinition[] {
  return DEFINITIONS;
}

export function getMetricDefinition(type: string): MetricDefinition | undefined {
  return BY_TYPE.get(type);
}

export interface MetricIssue {
  code: 'EVALC_METRIC_UNKNOWN_TYPE' | 'EVALC_METRIC_INVALID_PARAMS' | 'EVALC_METRIC_INVALID_COMMON';
  message: string;
  /** Path inside the metric config. */
  path: (string | number)[];
  /** The keys an 'Unrecognized keys' issue names, as written (its message quotes them unescaped). */
  keys?: string[];
}

export type ResolveMetricResult =
  | { ok: true; metric: ResolvedMetric; definition: MetricDefinition }
  | { ok: false; issues: MetricIssue[] };

const COMMON_KEYS = new Set(['type', 'id', 'threshold', 'gate', 'weight']);

/** Validates a plan metric config `{type, id?, threshold?, gate?, weight?, ...params}`. */
export function resolveMetric(config: Record<string, unknown>): ResolveMetricResult {
  const type = config.type;
  const definition = typeof type === 'string' ? getMetricDefinition(type) : undefined;
  if (typeof type !== 'string' || !definition) {
    const known = DEFINITIONS.map((d) => d.type).join(', ');
    return {
      ok: false,
      issues: [
        {
          code: 'EVALC_METRIC_UNKNOWN_TYPE',
          message: `unknown metric type "${String(type)}" (known: ${known})`,
          path: ['type'],
        },
      ],
    };
  }
  const issues: MetricIssue[] = [];
  const { id, threshold, gate, weight } = config;
  if (id !== undefined && typeof id !== 'string') issues.push(commonIssue('id', 'must be a string'));
  if (threshold !== undefined && typeof threshold !== 'number')
    issues.push(commonIssue('threshold', 'must be a number'));
  if (gate !== undefined && typeof gate !== 'boolean') issues.push(commonIssue('gate', 'must be a boolean'));
  if (weight !== undefined && (typeof weight !== 'number' || weight < 0)) {
    issues.push(commonIssue('weight', 'must be a non-negative number'));
  }
  const rawParams = Object.fromEntries(Object.entries(config).filter(([k]) => !COMMON_KEYS.has(k)));
  const parsed = definition.params.safeParse(rawParams);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      issues.push({
        code: 'EVALC_METRIC_INVALID_PARAMS',
        message: `${type}: ${issue.message}`,
        path: issue.path.filter((s): s is string | number => typeof s !== 'symbol'),
        ...(issue.code === 'unrecognized_keys' ? { keys: [...issue.keys] } : {}),
      });
    }
  }
  if (issues.length > 0 || !parsed.success) return { ok: false, issues };
  const metric: ResolvedMetric = {
    type,
    id: typeof id === 'string' ? id : type,
    params: parsed.data as Record<string, unknown>,
    ...(typeof threshold === 'number' ? { threshold } : {}),
    ...(typeof gate === 'boolean' ? { gate } : {}),
    ...(typeof weight === 'number' ? { weight } : {}),
  };
  return { ok: true, metric, definition };
}

function commonIssue(key: string, message: string): MetricIssue {
  return { code: 'EVALC_METRIC_INVALID_COMMON', message: `${key} ${message}`, path: [key] };
}

/** What a score step's content key should include for this metric (code version + params). */
export function metricKeyParts(metric: ResolvedMetric): { type: string; version: string; params: unknown } {
  return {
    type: metric.type,
    version: getMetricDefinition(metric.type)?.version ?? '0',
    params: metric.params,
  };
}

/**
 * What of a plan enters content keys and the plan digest (DESIGN §1): an agent's or judge's
 * result-relevant settings (never headers, serve, limits; URLs without user info), a metric's
 * scoring config (not threshold, gate or weight), the plan rubric a metric names.
 */

import type { AgentConfig, JudgeConfig, MetricConfig, Plan } from '../plan/schema.js';
import { splitRuntime } from '../plan/schema.js';

/** The agent settings that can change a result (never headers, serve, limits). */
export function agentIdentity(agent: AgentConfig): Record<string, unknown> {
  const { identity } = splitRuntime(agent as unknown as Record<string, unknown>);
  if (typeof identity.url === 'string') identity.url = stripUserInfo(identity.url);
  return identity;
}

/** Metrics whose omitted `expected:` reads the candidate's own field of a mapping (src/metrics/resolve-fields.ts). */
const CANDIDATE_FIELD_DEFAULT = new Set([
  'exact_match',
  'contains',
  'numeric',
  'f1',
  'bleu',
  'rouge_l',
  'ground_truth_protection',
]);

/**
 * Score keys of a metric that omits `expected:` carry the rule that resolves it (the field named
 * like the candidate; it used to be the whole mapping), so scores cached under the old rule are
 * not reused. Metrics naming `expected:` keep their keys (and the golden lockfiles theirs).
 */
export function defaultExpectedRule(config: Record<string, unknown>): { expectedDefault?: string } {
  if (!CANDIDATE_FIELD_DEFAULT.has(String(config.type)) || config.expected !== undefined) return {};
  if (config.type === 'contains' && config.value !== undefined) return {};
  return { expectedDefault: 'candidate-field' };
}

/**
 * A metric's config as its score depends on it: without `threshold`, `gate` and `weight`, which
 * decide passing and weighting from the score (rollup, pass rule, gates), never the score itself.
 * Changing them re-aggregates and re-derives (pass_rate's key covers them) but calls no judge.
 */
export function scoringConfig(config: MetricConfig): Record<string, unknown> {
  const { threshold: _threshold, gate: _gate, weight: _weight, ...rest } = config as Record<string, unknown>;
  return rest;
}

/** `{rubricDefinition}` of the plan rubric a metric names (`rubric:` or `judge_config.judge_rubric`). */
export function metricRubricDefinition(
  config: Record<string, unknown>,
  plan: Plan,
): { rubricDefinition?: unknown } {
  const judgeConfig = config.judge_config;
  const name =
    typeof config.rubric === 'string'
      ? config.rubric
      : judgeConfig !== null && typeof judgeConfig === 'object'
        ? (judgeConfig as Record<string, unknown>).judge_rubric
        : undefined;
  const definition = typeof name === 'string' ? plan.rubrics[name] : undefined;
  return definition ? { rubricDefinition: definition } : {};
}

export function judgeIdentity(judge: JudgeConfig, plan: Plan): Record<string, unknown> {
  const { identity } = splitRuntime(judge as unknown as Record<string, unknown>);
  if (typeof identity.url === 'string') identity.url = stripUserInfo(identity.url);
  const rubric = judge.rubric ? plan.rubrics[judge.rubric] : undefined;
  return { ...identity, rubricDefinition: rubric ?? null };
}

/** A URL without `user:password@`; any other URL is returned exactly as written. */
export function stripUserInfo(url: string): string {
  try {
    const u = new URL(url);
    if (u.username === '' && u.password === '') return url;
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return url;
  }
}

export function planForDigest(plan: Plan): unknown {
  const agents: Record<string, unknown> = {};
  for (const [id, a] of Object.entries(plan.agents)) agents[id] = agentIdentity(a);
  const judges: Record<string, unknown> = {};
  for (const [id, j] of Object.entries(plan.judges))
    judges[id] = splitRuntime(j as unknown as Record<string, unknown>).identity;
  const { concurrency: _c, ...run } = plan.run;
  return { ...plan, agents, judges, run, include: null };
}

/**
 * A metric that reads a candidate (`exact_match`, `contains`, `f1`, …) without `candidate:` reads
 * the output `answer`, else an agent's only output. An agent whose binding has neither — no
 * `output:` at all, or several outputs none named `answer` — gives the metric nothing to compare,
 * and every example scores 0 (QA64: silent; the `judge` case is `checkJudgedText`, QA41).
 */
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { MetricConfig } from '../plan/schema.js';
import type { MetricInfo } from './metric-catalog.js';

/**
 * The agents (as "`id` (outputs: …)") whose binding gives a metric without `candidate:` nothing to
 * read: no output `answer`, and not exactly one output.
 */
export function agentsWithoutDefaultCandidate(
  agentCandidates: Map<string, Set<string>> | undefined,
): string[] {
  return [...(agentCandidates ?? [])]
    .filter(([, names]) => !names.has('answer') && names.size !== 1)
    .map(([agentId, names]) => `\`${agentId}\` (outputs: ${[...names].join(', ') || 'none'})`);
}

/** What the candidate checks read: each agent's own outputs, and where a plan path stands in its file. */
export interface CandidateCheckContext {
  /** Each agent's own outputs (its binding, or the task's default): a warning per agent without one. */
  agentCandidates?: Map<string, Set<string>>;
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined;
}

export function checkDefaultCandidate(
  config: MetricConfig,
  info: MetricInfo,
  params: Record<string, unknown>,
  path: PlanPath,
  ctx: CandidateCheckContext,
): Diagnostic[] {
  if (!info.paramNames.includes('candidate') || params.candidate !== undefined) return [];
  // Judges default to their content: template; checkJudgedText speaks for them.
  if (info.paramNames.includes('content')) return [];
  if (config.type === 'consistency' && params.on === 'pass') return [];
  const agents = agentsWithoutDefaultCandidate(ctx.agentCandidates);
  if (agents.length === 0) return [];
  const name = config.id ?? config.type;
  return [
    diagnostic(
      'EVALC_REF_CANDIDATE',
      `\`${name}\` has no candidate:, and no \`answer\` output (nor a single output) to read for ${agents.join(', ')}: it compares nothing and scores 0`,
      path,
      {
        source: ctx.locate(path),
        severity: 'warning',
        hint: "add candidate: <output>, or an output to the agent's binding: output: { answer: <JMESPath> }",
      },
    ),
  ];
}

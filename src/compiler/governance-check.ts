/**
 * `policy_adherence` counts the governance violations of the trajectory, which only evalc's `mae`
 * tool sandbox records: it answers a `mae` agent's tool calls and applies the example's
 * `policies:` (DESIGN §2, §3). A `raip`, `http`, `chat` or `openai` agent runs its own tools, so
 * its trajectory never has a violation and every example scored 1, a perfect adherence nothing
 * measured, while validate said nothing (QA341): a warning at the metric names those agents.
 */
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { MetricConfig, Plan } from '../plan/schema.js';

export function checkGovernanceSource(
  config: MetricConfig,
  path: PlanPath,
  plan: Plan,
  taskAgents: Iterable<string>,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
): Diagnostic[] {
  if (config.type !== 'policy_adherence') return [];
  const agents = [...taskAgents].filter((id) => {
    const protocol = plan.agents[id]?.protocol;
    return protocol !== undefined && protocol !== 'mae';
  });
  if (agents.length === 0) return [];
  const one = agents.length === 1;
  const named = agents.map((id) => `\`${id}\` (${plan.agents[id]?.protocol})`).join(', ');
  return [
    diagnostic(
      'EVALC_METRIC_NO_GOVERNANCE',
      `\`${config.id ?? config.type}\` counts the governance violations evalc's mae tool sandbox records, and ${one ? 'agent' : 'agents'} ${named} ${one ? 'runs' : 'run'} ${one ? 'its' : 'their'} own tools: no violation is ever recorded there, so every example scores 1`,
      path,
      {
        severity: 'warning',
        source: locate(path),
        hint: "an example's policies: apply to mae agents, whose tool calls evalc answers; check other agents' calls with tool_call_match (arguments), or give this metric to the mae agents' task",
      },
    ),
  ];
}

/**
 * `tokens` and `cost` read the token usage an agent reports. A `mae` agent reports none (the
 * MultiAgentEval API has no usage field), so over a task run by mae agents only neither measures
 * anything: no score, no value, no error, and report.md has no row of them (QA341: DESIGN's a3 with
 * `{ type: tokens }` and `{ type: cost }`; validate said nothing, EVALC_METRIC_PRICES stands down
 * for such a task since QA131). A warning at the metric.
 */
import type { Diagnostic, PlanPath, SourcePosition } from '../plan/diagnostic.js';
import { diagnostic } from '../plan/diagnostic.js';
import type { MetricConfig, Plan } from '../plan/schema.js';

export function checkUsageSource(
  config: MetricConfig,
  path: PlanPath,
  plan: Plan,
  taskAgents: Iterable<string>,
  locate: (p: PlanPath, key?: string) => SourcePosition | undefined,
): Diagnostic[] {
  if (config.type !== 'tokens' && config.type !== 'cost') return [];
  const agents = [...taskAgents];
  if (agents.length === 0 || agents.some((id) => plan.agents[id]?.protocol !== 'mae')) return [];
  const one = agents.length === 1;
  const named = agents.map((id) => `\`${id}\``).join(', ');
  return [
    diagnostic(
      'EVALC_METRIC_NO_USAGE',
      `\`${config.id ?? config.type}\` reads the token usage an agent reports, and \`mae\` ${one ? 'agent' : 'agents'} ${named} ${one ? 'reports' : 'report'} none (the MultiAgentEval API has no usage): it measures nothing here`,
      path,
      {
        severity: 'warning',
        source: locate(path),
        hint: "measure a mae agent with steps (its turns) or time_to_success; a raip, openai or http agent reports token usage only when its reply carries a `usage` field, a chat agent's is estimated when its reply has none",
      },
    ),
  ];
}

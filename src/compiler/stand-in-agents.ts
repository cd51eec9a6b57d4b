/**
 * An agent left out of a plan salvaged for its diagnostics (a misspelt `protocol: rapi`, a `url: 12`)
 * took with it every check of the tasks it runs in: their templates were rendered for no agent, so a
 * binding's unknown variable or a metric's content error waited for the next run (QA161). A stand-in
 * under the same id, of the protocol that reads any reply (`http`), lets those checks run; what is
 * said of the stand-in itself lies under the agent's pruned path and is left out with it.
 */

import { httpAgentSchema } from '../plan/agent-schema.js';
import type { Diagnostic, PlanPath } from '../plan/diagnostic.js';
import type { Plan } from '../plan/schema.js';

export function withStandInAgents(
  plan: Plan,
  raw: Record<string, unknown>,
  pruned: readonly PlanPath[],
): Plan {
  const rawAgents = raw.agents;
  if (rawAgents === null || typeof rawAgents !== 'object') return plan;
  const missing = pruned.filter(
    (p) =>
      p.length === 2 &&
      p[0] === 'agents' &&
      Object.hasOwn(rawAgents, String(p[1])) &&
      !plan.agents[String(p[1])],
  );
  if (missing.length === 0) return plan;
  const agents = { ...plan.agents };
  for (const p of missing)
    agents[String(p[1])] = httpAgentSchema.parse({
      protocol: 'http',
      url: 'http://127.0.0.1/',
    }) as Plan['agents'][string];
  return { ...plan, agents };
}

/**
 * Whether `d` says what a stand-in's protocol does: "agents `a2` (http) never have [tool calls]" of
 * a `protocol: chatt` agent, "`http` agent `a4` reports no model" of an openai one with a refused
 * `model: 5` (QA166: warnings about a protocol the plan does not name, beside the agent's error).
 */
export function describesStandIn(d: Diagnostic, plan: Plan, checked: Plan): boolean {
  return Object.keys(checked.agents).some(
    (id) =>
      !plan.agents[id] &&
      (d.message.includes(`\`${id}\` (http)`) ||
        d.message.includes(`${id} (http)`) ||
        d.message.includes(`\`http\` agent \`${id}\``)),
  );
}

/**
 * An agent left out of a plan salvaged for its diagnostics (a misspelt `protocol: rapi`, a `url: 12`)
 * took with it every check of the tasks it runs in: their templates were rendered for no agent, so a
 * binding's unknown variable or a metric's content error waited for the next run (QA161). A stand-in
 * under the same id, of the protocol that reads any reply (`http`), lets those checks run; what is
 * said of the stand-in itself lies under the agent's pruned path and is left out with it.
 */

import { httpAgentSchema } from '../plan/agent-schema.js';
import type { PlanPath } from '../plan/diagnostic.js';
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

/**
 * `apply --frozen` asks no agent, so a `response_too_large` cached under a smaller
 * `limits.maxResponseBytes` than the agent's now is reused as it is, where a plain apply would ask
 * those examples again (QA324). It says so (QA330: it reused them without a word, the lock and
 * reports kept the failures, and nothing told a user who had just raised the limit why).
 */
import type { CompiledPlan } from '../compiler/compile.js';
import { refusedUnder, replyLimit } from '../compiler/reply-limit-failures.js';
import { holdsStaleFailure } from '../compiler/stale-failures.js';
import { groupSteps } from '../compiler/step-keys.js';
import type { Plan } from '../plan/schema.js';
import type { LogStore } from './cache-store.js';

/**
 * One line per agent that holds such failures: `--frozen reuses 3 replies cached as
 * response_too_large under 1,024 bytes, where agents.a1.limits.maxResponseBytes is now 8,192
 * bytes: an apply without --frozen asks those examples again`; undefined when there are none.
 */
export function frozenOutgrownNote(compiled: CompiledPlan, store: LogStore, plan: Plan): string | undefined {
  const byAgent = new Map<string, { count: number; under: Set<number> }>();
  for (const cg of compiled.groups) {
    const agentId = cg.group.agentId;
    const limit = replyLimit(plan, agentId);
    for (const step of groupSteps(cg.group, cg.keys)) {
      const key = step.invokeKey;
      if (key === undefined || !holdsStaleFailure(store, undefined, key, limit)) continue;
      const seen = byAgent.get(agentId) ?? { count: 0, under: new Set<number>() };
      seen.count++;
      const under = refusedUnder(store.get(key));
      if (under !== undefined) seen.under.add(under);
      byAgent.set(agentId, seen);
    }
  }
  if (byAgent.size === 0) return undefined;
  const lines = [...byAgent]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([agentId, { count, under }]) => {
      const limits = [...under].sort((a, b) => a - b).map(bytes);
      const replies = count === 1 ? '1 reply' : `${count} replies`;
      return `--frozen reuses ${replies} cached as response_too_large under ${limits.join(' and ')}, where agents.${agentId}.limits.maxResponseBytes is now ${bytes(replyLimit(plan, agentId))}: an apply without --frozen asks ${count === 1 ? 'that example' : 'those examples'} again`;
    });
  return lines.join('\n');
}

function bytes(n: number): string {
  return `${n.toLocaleString('en-US')} bytes`;
}

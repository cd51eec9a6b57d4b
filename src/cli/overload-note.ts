/**
 * A note at the end of apply for an agent that answered 503 to some examples (after retries) and
 * answered the others: the sign of a server that caps concurrent connections and refuses the
 * excess — uvicorn's `--limit-concurrency 2` answers 503 once two requests are in flight — while
 * evalc sent `limits.concurrency` (default `run.concurrency`, 32) at once. QA63: the run recorded
 * `http_503 16` with no word of the setting that fixes it. Said as "if", from the lock alone: a
 * 503 of a backend that is briefly down looks the same.
 */
import type { Lockfile } from '../lockfile/types.js';

export interface OverloadedAgent {
  agent: string;
  refused: number;
  answered: number;
}

/** Agents with at least two example runs ended by `http_503` and at least one without an error. */
export function overloadedAgents(lock: Pick<Lockfile, 'groups' | 'results'>): OverloadedAgent[] {
  const byAgent = new Map<string, OverloadedAgent>();
  for (const row of lock.results ?? []) {
    const agent = lock.groups?.[row.group]?.agent;
    if (agent === undefined) continue;
    const entry = byAgent.get(agent) ?? { agent, refused: 0, answered: 0 };
    const errors = row.errors ?? [];
    entry.refused += errors.filter((kind) => kind === 'http_503').length;
    if (errors.length === 0 || errors.some((kind) => kind === null)) entry.answered++;
    byAgent.set(agent, entry);
  }
  return [...byAgent.values()].filter((a) => a.refused >= 2 && a.answered >= 1);
}

export function describeOverloadedAgent(a: OverloadedAgent): string {
  return `note: agent ${a.agent} answered HTTP 503 to ${a.refused} example runs (after retries) and answered ${a.answered}: if its server caps concurrent connections (uvicorn --limit-concurrency, a fixed worker pool), it refuses what evalc sends beyond the cap; set agents.${a.agent}.limits.concurrency to that cap (its default is run.concurrency)`;
}

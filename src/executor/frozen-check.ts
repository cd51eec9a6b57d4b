/**
 * `apply --frozen` calls no agent and no judge: every agent response and judge score the run
 * needs must be in the cache, else it refuses, naming what is missing (counted per group).
 */

import type { AgentPin, CompiledPlan } from '../compiler/compile.js';
import type { Plan } from '../plan/schema.js';
import type { LogStore } from './cache-store.js';
import { missingInvokes, missingJudgeScores } from './locked-inputs.js';

/** The refusal's message, or undefined when the cache holds everything. */
export function frozenRefusal(
  compiled: CompiledPlan,
  store: LogStore,
  plan: Plan,
  lockedPins: Record<string, AgentPin>,
  lockName: string,
): string | undefined {
  const missing = missingInvokes(compiled, store);
  const unjudged = missing.length > 0 ? [] : missingJudgeScores(compiled, store);
  if (missing.length === 0 && unjudged.length === 0) return undefined;
  const what =
    missing.length > 0
      ? `${missing.length} agent ${missing.length === 1 ? 'response is' : 'responses are'} not cached`
      : `${unjudged.length} judge ${unjudged.length === 1 ? 'score is' : 'scores are'} not cached (--frozen calls no judge either)`;
  // A RAIP agent's identity (schema digest, version) comes from /info, which --frozen does
  // not ask: without its pin in evalc.lock its cached answers cannot be found by key.
  const agentIds = [...new Set(compiled.groups.map((g) => g.group.agentId))].sort();
  const unpinned = agentIds.filter(
    (id) => plan.agents[id]?.protocol === 'raip' && lockedPins[id] === undefined,
  );
  const hint =
    missing.length > 0 && unpinned.length > 0
      ? `\n${unpinned.join(', ')}: no identity pinned in ${lockName} (--frozen does not ask /info), so cached answers cannot be matched; run apply once without --frozen, or commit evalc.lock`
      : '';
  const steps = [...missing, ...unjudged];
  return `--frozen: ${what}${perGroup(steps)}, e.g.:\n  ${steps.slice(0, 20).join('\n  ')}${hint}`;
}

/** ` (a1/t1/d1: 20, a2/t1/d1: 5)`: missing steps (`invoke/a1/t1/d1/e3#0`) counted by group. */
function perGroup(steps: string[]): string {
  const counts = new Map<string, number>();
  for (const step of steps) {
    const group = step.split('/').slice(1, 4).join('/');
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  if (counts.size < 2) return '';
  const shown = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, 10);
  return ` (${shown.map(([g, n]) => `${g}: ${n}`).join(', ')}${counts.size > 10 ? ', …' : ''})`;
}

/**
 * An agent whose discovery names it otherwise than evalc.lock pins (RAIP `/info` `name`), with the
 * same version and schema: its identity is unchanged, so its cached answers stand and an
 * up-to-date lock keeps the old name. Said on stderr (QA225: after 5eae9e1 `evalc diff` names such a
 * change between two runs, but a re-apply beside the lock said nothing, another agent deployed behind
 * the same URL answered by the cache of the first).
 */
import type { AgentPin, CompiledPlan } from '../compiler/compile.js';
import { groupSteps } from '../compiler/step-keys.js';
import { shownName } from '../lockfile/control-chars.js';
import type { Lockfile } from '../lockfile/types.js';

/**
 * Whether any answer of agent `id` is reused by this apply: one of its invokes in the cache (QA247:
 * with every step re-run, a binding edited beside the new name, it still read 'so its cached
 * answers are used'). An up-to-date lock, whose answers stand cache or not, is the caller's.
 */
export function cachedAnswers(
  compiled: CompiledPlan,
  cache: { has(key: string): boolean },
  id: string,
): boolean {
  for (const cg of compiled.groups) {
    if (cg.group.agentId !== id) continue;
    for (const step of groupSteps(cg.group, cg.keys))
      if (step.invokeKey !== undefined && cache.has(step.invokeKey)) return true;
  }
  return false;
}

export function agentNameChanges(
  lock: Lockfile | undefined,
  pins: Record<string, AgentPin>,
  digests?: Record<string, string>,
  refresh = false,
  reused: (id: string) => boolean = () => true,
  /** The refresh offered, naming the plan as given: `evalc apply sub --refresh` (QA245). */
  refreshLine = 'evalc apply --refresh',
): string[] {
  // Under --refresh every agent is asked again, the new name written (QA247: it read 'so its cached
  // answers are used: … `evalc apply --refresh` asks it again' beside the refresh re-asking it).
  if (refresh) return [];
  const lines: string[] = [];
  for (const [id, pin] of Object.entries(pins).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const lockAgent = lock?.agents[id];
    const locked = lockAgent?.name;
    if (locked === undefined || pin.name === undefined || pin.name === locked) continue;
    // A new version or schema is a new identity, said as such ('agent a1: version 1 → 2') and run
    // again: not 'same version and schema' (QA230: it was said of any name change).
    if (differs(pin.version, lockAgent?.version) || differs(pin.schemaDigest, lockAgent?.schemaDigest))
      continue;
    // Any other identity change (a version /info names now, none before) re-keys its steps too
    // (QA233: 'none → 2' read 'same version and schema, so its cached answers are used').
    if (digests?.[id] !== undefined && lockAgent?.digest !== undefined && digests[id] !== lockAgent.digest)
      continue;
    // Every step of it runs again (a binding edited beside the name): the new agent is asked.
    if (!reused(id)) continue;
    lines.push(
      `agent ${id}: its discovery names it "${shownName(pin.name)}", where evalc.lock pins "${shownName(locked)}" (same version and schema, so its cached answers are used): if another agent answers at that address now, \`${refreshLine}\` asks it again`,
    );
  }
  return lines;
}

/** Both known and not equal (a RAIP agent's locked version may be the plan's, its /info naming none). */
function differs(now: string | undefined, locked: string | undefined): boolean {
  return now !== undefined && locked !== undefined && now !== locked;
}

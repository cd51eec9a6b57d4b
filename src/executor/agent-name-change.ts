/**
 * An agent whose discovery names it otherwise than evalc.lock pins (RAIP `/info` `name`), with the
 * same version and schema: its identity is unchanged, so its cached answers stand and an
 * up-to-date lock keeps the old name. Said on stderr (QA225: after 5eae9e1 `evalc diff` names such a
 * change between two runs, but a re-apply beside the lock said nothing, another agent deployed behind
 * the same URL answered by the cache of the first).
 */
import type { AgentPin } from '../compiler/compile.js';
import type { Lockfile } from '../lockfile/types.js';

export function agentNameChanges(lock: Lockfile | undefined, pins: Record<string, AgentPin>): string[] {
  const lines: string[] = [];
  for (const [id, pin] of Object.entries(pins).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const locked = lock?.agents[id]?.name;
    if (locked === undefined || pin.name === undefined || pin.name === locked) continue;
    lines.push(
      `agent ${id}: its discovery names it ${JSON.stringify(pin.name)}, where evalc.lock pins ${JSON.stringify(locked)} (same version and schema, so its cached answers are used): if another agent answers at that address now, \`evalc apply --refresh\` asks it again`,
    );
  }
  return lines;
}

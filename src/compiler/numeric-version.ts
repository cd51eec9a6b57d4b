/**
 * A RAIP agent whose /info sends its version as a JSON number (`"version": 2`, a Python
 * `VERSION = 2`): evalc before QA143 dropped it, so a lock written then pins no version, and the
 * first run after the upgrade keys the agent anew and invokes its examples once more. `plan`,
 * `apply --locked` and the plan reasons said only "version (none) → 2", which reads as a change
 * in the agent (QA151): this says why.
 */
import type { AgentPin } from './compile.js';

/**
 * `version (none) → 2` with why, or undefined when this is not that upgrade. `refused`: said by
 * `apply --locked`, which runs nothing (QA162: it said "so its examples are invoked once more").
 */
export function numericVersionChange(
  lockedVersion: string | undefined,
  pin: AgentPin | undefined,
  refused = false,
): string | undefined {
  if (lockedVersion !== undefined || pin?.numericVersion !== true || pin.version === undefined)
    return undefined;
  return `version (none) → ${pin.version}: evalc.lock pins none (the agent sent none, or sent this number, which an earlier evalc did not record), so ${refused ? 'a run without --locked invokes its examples once more' : 'its examples are invoked once more'}`;
}

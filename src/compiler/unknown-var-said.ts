/**
 * A template's `"NAME" is not defined`, said without a key pasted in place of the name: a user who
 * wrote `{{env.ghp_AbCd…}}` (or `{{ghp_AbCd…}}`) in an input or content template saw the key whole in
 * EVALC_BIND_UNKNOWN_VAR, validate's and plan's text and --json (QA335). Such a name is said
 * `"env…"` (`"…"` without `env.`), as a placeholder holding a key is said `{{env…}}` elsewhere; a
 * name (`{{topic}}`, `{{env.TOKEN}}`) is quoted as written.
 */
import { placeholderHoldsKey } from '../plan/placeholder-keys.js';

/** Whether an unknown variable's name, as a template wrote it, reads as a key pasted there. */
export function unknownVarHoldsKey(name: string): boolean {
  const env = /^env\./.exec(name)?.[0];
  return placeholderHoldsKey(env, env ? name.slice(env.length) : name);
}

/** `message` with each `"NAME" is not defined` whose NAME reads as a key said `"env…"` or `"…"`. */
export function unknownVarSaid(message: string): string {
  return message.replace(/"([^"]+)"( (?:is )?not defined)/g, (whole, name: string, rest: string) =>
    unknownVarHoldsKey(name) ? `"${name.startsWith('env.') ? 'env…' : '…'}"${rest}` : whole,
  );
}

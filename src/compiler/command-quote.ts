/**
 * A part of a stdio judge's `command:` as validate quotes it (judge-shell.ts, shell-command-check.ts,
 * judge-command.ts): a reference whose name reads as a key pasted in its place, `${env.ghp_AbCd…}`,
 * is said `${env…}` as EVALC_SECRET_PLACEMENT says it and the excerpt stars it (QA300: the messages
 * beside them quoted it whole, twice, and a quote cut to 80 kept its head, `${env.ghp_AbCdEf…`);
 * then the part is cut to `max` with a `…` (QA289), so no cut leaves half a key to mask.
 */
import { holdsKey } from '../plan/secret-placement.js';
import { quoteCut } from '../protocols/quote-cut.js';

/**
 * `${env.KEY}`, `${env:KEY}`, `${KEY}`, or one left open (cut, or at a space): what is in the braces is
 * read whole, a key past a name's characters (`${env.sk-proj-AbCd…}`) masked too (QA306: d2a20ead read
 * a name's characters only, so it quoted those whole), while the shell's own forms (`"${@}"`,
 * `${HOME:-/root}`, `${#X}`) are quoted as written (holdsKey).
 */
const REF = /\$\{(env[.:])?([^}\s`]*)(\}?)/g;

export function maskKeyRefs(text: string): string {
  return text.replace(REF, (ref, env: string | undefined, inside: string, close: string) =>
    inside !== '' && inside !== '…' && holdsKey(inside) ? `\${${env ? 'env' : ''}…${close}` : ref,
  );
}

export function quoteCommandPart(text: string, max = 80): string {
  return quoteCut(maskKeyRefs(text), max);
}

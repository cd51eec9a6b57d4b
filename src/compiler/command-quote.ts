/**
 * A part of a stdio judge's `command:` as validate quotes it (judge-shell.ts, shell-command-check.ts,
 * judge-command.ts): a reference whose name reads as a key pasted in its place, `${env.ghp_AbCd…}`,
 * is said `${env…}` as EVALC_SECRET_PLACEMENT says it and the excerpt stars it (QA300: the messages
 * beside them quoted it whole, twice, and a quote cut to 80 kept its head, `${env.ghp_AbCdEf…`);
 * then the part is cut to `max` with a `…` (QA289), so no cut leaves half a key to mask.
 */
import { looksLikeSecret } from '../plan/secret-placement.js';
import { quoteCut } from '../protocols/quote-cut.js';

/**
 * `${env.KEY}`, `${KEY}`, or one left open (`${KEY:-x}`, cut): a name's characters only, so the
 * shell's own forms (`"${@}"`, `${HOME:-/root}`, `${#X}`) are quoted as written.
 */
const REF = /\$\{(env\.)?([A-Za-z0-9_.]*)(\}?)/g;

export function maskKeyRefs(text: string): string {
  return text.replace(REF, (ref, env: string | undefined, inside: string, close: string) =>
    looksLikeSecret(inside) ? `\${${env ? 'env' : ''}…${close}` : ref,
  );
}

export function quoteCommandPart(text: string, max = 80): string {
  return quoteCut(maskKeyRefs(text), max);
}

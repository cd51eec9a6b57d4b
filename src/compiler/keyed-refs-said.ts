/**
 * The last net under every diagnostic of a plan (QA335): a reference whose name reads as a key
 * pasted in its place, in any message, hint or path, is said as the messages that know of it say
 * it — `${env…}`, `${…}`, `{{env…}}`, `$…`, `$env:…` — whatever quoted it: 'unknown rubric
 * `${env.ghp_AbCd…}`' (a judge's `rubric:`) and the like quoted plan text as written, each message
 * needing its own fix. Names (`${env.TOKEN}`, `$HOME`, `{{topic}}`) are quoted as written.
 */
import type { Diagnostic } from '../plan/diagnostic.js';
import { placeholderHoldsKey } from '../plan/placeholder-keys.js';
import { holdsKey, replaceKeyedShellRefs } from '../plan/secret-placement.js';

/**
 * A reference-shaped run whose inside reads as a key, as the excerpt under the message stars it
 * (render-diagnostics.ts's maskKeyedReferences): left open, spaced, after `env:`, in brackets or quotes.
 */
const KEYED_REFERENCE =
  /\$\{[ \t]*(env(?:[.:]|\[))?(?:\\?["'`])?([^}\]\s`"'\\]*)(?:\\?["'`])?\]?(?:[ \t]*(\}))?/g;

/** A reference's inside said without the key it holds: `${env…}`, `${…}` (its `}` kept when written). */
export function keyedReferencesSaid(text: string): string {
  return text.replace(
    KEYED_REFERENCE,
    (ref, env: string | undefined, inside: string, close: string | undefined) =>
      holdsKey(inside) ? `\${${env ? 'env' : ''}…${close ?? ''}` : ref,
  );
}

/**
 * `text` with each reference, one-word placeholder or shell variable that holds a key said without
 * it. A placeholder of other words (`{{#each items}}`, an already said `{{env…}}`) is kept: the
 * message that quotes one says it as its own words need (replaceKeyedPlaceholders).
 */
export function keyedRefsSaid(text: string): string {
  if (!/[$]|\{\{/.test(text)) return text;
  return replaceKeyedShellRefs(
    keyedReferencesSaid(text)
      .replace(
        /\{\{\s*(env\.)?([^{}\s]+)\s*\}\}/g,
        // as the excerpt reads it (QA346: a long camelCase var, `{{conversationHistoryForEvaluation}}`,
        // was said `{{…}}`), a word of other characters by holdsKey too, `{{/if}}` as written
        (placeholder, env: string | undefined, inside: string) =>
          holdsKey(inside) && placeholderHoldsKey(env, inside) ? `{{${env ? 'env' : ''}…}}` : placeholder,
      )
      // left open, `{{env.ghp_…` (QA358: a header so named was quoted whole), as `${env.ghp_…` is above
      .replace(
        /\{\{[ \t]*(env\.)?([^{}\s`"'\\]+)(?![^{}\s`"'\\]|\}\})/g,
        (placeholder, env: string | undefined, inside: string) =>
          holdsKey(inside) && placeholderHoldsKey(env, inside) ? `{{${env ? 'env' : ''}…` : placeholder,
      ),
    (_, env) => (env ? '$env:…' : '$…'),
  );
}

/** Each diagnostic's message, hint and path (the key of a mapping may hold one) said so. */
export function withoutKeyedRefs(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => {
    const message = keyedRefsSaid(d.message);
    const hint = d.hint === undefined ? undefined : keyedRefsSaid(d.hint);
    const path = d.path.map((part) => (typeof part === 'string' ? keyedRefsSaid(part) : part));
    const same = message === d.message && hint === d.hint && path.every((part, i) => part === d.path[i]);
    return same ? d : { ...d, message, ...(hint === undefined ? {} : { hint }), path };
  });
}

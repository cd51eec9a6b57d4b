/**
 * A template's compile error said without a key written in the template (QA335). Handlebars
 * quotes the text near its error cut to a window, `near \`Vo0NTY3ODkwYWJjZGVm ) }}\`` of
 * `{{env.QUJDREVGR0hJ…Vo0NTY3ODkwYWJjZGVm ) }}`: the key's start cut off, nothing masked it; and
 * evalc's own words quote a block's tag, `{{#each ghp_AbCd…}}`, or a partial's name whole.
 */
import { placeholderHoldsKey } from '../plan/placeholder-keys.js';
import { holdsKey } from '../plan/secret-placement.js';
import { keyedRefsSaid } from './keyed-refs-said.js';

/** A run of the characters a key is written in (`.` apart: `env.` stays readable). */
const WORD = /[A-Za-z0-9+/=_-]+/g;
/** The shortest piece of a key said `…`: a shorter one is no key's worth and may be any word. */
const MIN_PIECE = 6;

/**
 * `text` (a message or hint) with each word that is a key of `source` (a run that reads as one,
 * holdsKey), or a piece of one, cut or not, said `…`; other words as written.
 */
export function withoutTemplateKeys(text: string, source: string): string {
  // a name however long is no key, `conversationHistoryForEvaluation` (QA346: '`{{#each …}}` is never closed')
  const keys = [...source.matchAll(WORD)]
    .map((m) => m[0])
    .filter((word) => holdsKey(word) && placeholderHoldsKey(undefined, word));
  if (keys.length === 0) return text;
  return text.replace(WORD, (word) =>
    word.length >= MIN_PIECE && keys.some((key) => key.includes(word)) ? '…' : word,
  );
}

/**
 * `text` (a JMESPath expression's compile error) said without a key `source` writes as a reference,
 * `answer: "${ghp_AbCd…}"`: the parser quotes the key as its token, `invalid token (UnquotedIdentifier):
 * "ghp_AbCd…"`, without the `${` the last net (keyedRefsSaid) knows it by (QA346: quoted whole). An
 * expression holding no such reference is quoted as written, a digest in a literal too.
 */
export function withoutReferencedKeys(text: string, source: unknown): string {
  if (typeof source !== 'string' || keyedRefsSaid(source) === source) return text;
  return withoutTemplateKeys(text, source);
}

/**
 * A key pasted in a `{{…}}` placeholder, said without it wherever the placeholder is quoted or shown
 * (a url, a dataset source, a diagnostic's excerpt, 'is not defined'), while a template's own words
 * are shown: a var's name however long, a block's `{{#if x}}` and `{{/if}}`, a helper's arguments.
 */
import { holdsKey, isKeyPart } from './secret-placement.js';

/**
 * A part of a variable's name written in words, camelCase or PascalCase, each word of three letters or
 * more (`conversationHistoryForEvaluation`): a name however long, where a key's letters mix cases at
 * random (`hf_AbCdEf…`, a capital every letter or two).
 */
const WORDS = /^(?:[a-z]{2,}|[A-Z][a-z]{2,})(?:[A-Z][a-z]{2,})+$/;

/**
 * A var's name, `user_id`, `example.conversationHistoryForEvaluation`, reads as a key; one of
 * lower-case words joined by `-`, `first-name`, which Handlebars reads as a name, does not.
 */
function nameHoldsKey(name: string): boolean {
  if (/^[a-z]+(?:-[a-z]+)+$/.test(name)) return false;
  if (!/^[A-Za-z0-9_.]+$/.test(name)) return true;
  return name.split(/[_.]/).some((part) => isKeyPart(part) && !WORDS.test(part));
}

/**
 * Whether a `{{…}}` placeholder's inside reads as a key pasted there: after `env.` as a reference's
 * name does (holdsKey), else only by a key's own look, so a variable `{{user_id}}` is shown, and one
 * of words however long, `{{conversationHistoryForEvaluation}}` (QA346: said `"…" is not defined`). A
 * Handlebars expression, `{{#if x}}`, `{{/if}}`, `{{json candidate.pair}}`, `{{@index}}`, `{{../x}}`,
 * holds one when a word of it does (QA346: every one was starred in an excerpt); a single word of
 * other characters, `{{sk-…}}`, is a key's, not `{{first-name}}` (QA346: '"…" is not defined').
 */
export function placeholderHoldsKey(env: string | undefined, inside: string): boolean {
  if (env) return holdsKey(inside);
  if (inside === '' || !/^[#/^>@~]|^\.\.\/|\s/.test(inside)) return inside !== '' && nameHoldsKey(inside);
  return inside
    .replace(/^~?[#/^>]?/, '')
    .split(/\s+/)
    .some((word) => {
      const name = word.replace(/^(?:\.\.\/)+|^@|^this\./, '');
      return /^[A-Za-z0-9_.]+$|^[a-z]+(?:-[a-z]+)+$/.test(name) ? nameHoldsKey(name) : holdsKey(word);
    });
}

/**
 * Each `{{…}}` placeholder in `text` that holds a key, closed or left open (`{{env.ghp_…`, QA328: an open
 * one in a url or dataset source was printed whole, message and excerpt), replaced by what `say` returns
 * for it (`env` when written after `env.`). An open one runs to a space or quote, so it is read as a
 * `${…` left open is (holdsKey): `{{DATA_DIR/d.jsonl` is quoted as written. One closed by a single
 * brace, `{{env.ghp_…}`, is said as an open one and keeps its brace.
 */
export function replaceKeyedPlaceholders(
  text: string,
  say: (placeholder: string, env: boolean) => string,
): string {
  if (!text.includes('{{')) return text;
  return text
    .replace(/\{\{\s*(env\.)?([^{}]*?)\s*\}\}/g, (placeholder, env: string | undefined, inside: string) =>
      placeholderHoldsKey(env, inside) ? say(placeholder, env !== undefined) : placeholder,
    )
    .replace(
      // closed by one brace too, `{{env.ghp_…}` (QA331: printed whole), the brace kept
      /(\{\{[ \t]*(env\.)?([^{}\s`"'\\]+))(?![^{}\s`"'\\]|\}\})(\})?/g,
      (placeholder, open: string, env: string | undefined, inside: string, brace: string | undefined) =>
        holdsKey(inside) ? say(open, env !== undefined) + (brace ?? '') : placeholder,
    )
    .replace(
      // one of several words, a block or helper, left open or closed by one brace, `{{#each ghp_…}x`,
      // `{{json ghp_…}` (QA358: shown whole in the excerpt under the syntax error), its brace kept
      /(\{\{([^{}"`\\]*\s[^{}"`\\]*?))(\}(?!\})|(?=["`\\{]|$))/g,
      (placeholder, open: string, inside: string, brace: string | undefined) =>
        placeholderHoldsKey(undefined, inside.trim()) ? say(open, false) + (brace ?? '') : placeholder,
    );
}

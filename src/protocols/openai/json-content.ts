/**
 * An `openai` agent's answer in JSON mode (`response_format: json_object` / `json_schema`) is a
 * JSON text in `content`, which JMESPath cannot look into (`content.answer` is null: a string has
 * no fields, and the library has no `from_json`). The extraction document therefore carries
 * `json`: `content` parsed, when it is a JSON object or array — alone, or in one Markdown code
 * fence (```json … ```), as models asked for JSON without JSON mode write it (QA91).
 */

import { codePointCut, quoteCut } from '../quote-cut.js';
import { firstChoice } from './chat-completion.js';

const FENCED = /^```[A-Za-z]*[ \t]*\r?\n([\s\S]*?)\r?\n?```$/;

/** `content` parsed when it is a JSON object or array (else undefined). */
export function jsonOfContent(content: unknown): unknown {
  return parsedContent(content)?.value;
}

/**
 * The JSON text `json` is parsed from (fence removed), when `content` is a JSON object or array:
 * its integers beyond 2^53 are read rounded into `json`, said as a raip or chat reply's (QA313).
 */
export function contentJsonText(content: unknown): string | undefined {
  return parsedContent(content)?.text;
}

function parsedContent(content: unknown): { text: string; value: object } | undefined {
  if (typeof content !== 'string') return undefined;
  let text = content.trim();
  const fenced = FENCED.exec(text);
  if (fenced?.[1] !== undefined) text = fenced[1].trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? { text, value } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The document extraction reads: the reply with `json` added when its `content` is JSON (and the
 * reply has no `json` of its own). Applied at extraction, so an invoke cached by an earlier evalc
 * is read the same way.
 */
export function withContentJson(document: unknown): unknown {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return document;
  const record = document as Record<string, unknown>;
  if (Object.hasOwn(record, 'json')) return document;
  const json = jsonOfContent(record.content);
  return json === undefined ? document : { ...record, json };
}

/** An expression reading a field of `content` (`content.answer`, `content[0]`): null on every reply. */
export function readsIntoContent(expression: string): boolean {
  return (
    /^\s*content\s*(?:\.|\[(?!\s*-?\d*\s*:))/.test(expression) && !/^\s*content\s*\[\s*\]/.test(expression)
  );
}

/** `json.answer` for `content.answer`: where a JSON-mode answer's field is read. */
export function jsonPathFor(expression: string): string {
  return expression.trim().replace(/^content\s*/, 'json');
}

/** The note a missing value gets when its expression reads into `content` ('' when none does). */
export function contentFieldHint(expressions: readonly string[], document?: unknown): string {
  const into = expressions.find(readsIntoContent);
  if (into !== undefined)
    return `: \`content\` is the answer's text, a string with no fields; a JSON answer's fields are under \`json\` (bind \`${jsonPathFor(into)}\`)`;
  // `json.answer` with no `json`: the answer was not JSON (cut at max_tokens, prose around it).
  const content = (document as { content?: unknown } | null | undefined)?.content;
  const readsJson = expressions.some((e) => /^\s*json\s*(?:$|[.[|])/.test(e));
  // `content` null: say why, as the reply did (QA116: Azure's content filter, a tool call, a refusal).
  if (typeof content !== 'string')
    return readsJson || expressions.some((e) => /^\s*content\s*(?:$|[|&])/.test(e))
      ? `: the reply has no \`content\` text${readsJson ? ', so no `json`' : ''}${whyNoContent(document)}`
      : '';
  if (!readsJson || jsonOfContent(content) !== undefined) return '';
  const shown = quoteCut(content, 120);
  return `: \`content\` is not a JSON object or array, so there is no \`json\`: ${JSON.stringify(shown)}`;
}

/** What the reply did instead of answering in `content` ('' when it says nothing). */
function whyNoContent(document: unknown): string {
  if (typeof document !== 'object' || document === null) return '';
  const doc = document as {
    finish_reason?: unknown;
    refusal?: unknown;
    choices?: unknown;
    reasoning?: unknown;
  };
  const why: string[] = [];
  if (typeof doc.finish_reason === 'string')
    why.push(`finish_reason: ${codePointCut(doc.finish_reason, 40)}`); // never half an emoji (QA130)
  const message = firstChoice(doc.choices)?.message as { tool_calls?: unknown } | undefined;
  const calls = message?.tool_calls;
  if (typeof doc.refusal === 'string') why.push('the model refused: bind `refusal` to read it');
  else if (Array.isArray(calls) && calls.length > 0)
    why.push('the model called tools: bind `choices[0].message.tool_calls` to read them');
  // A reasoning model that spent its tokens thinking (QA120: o-series, DeepSeek-R1 with a small maxTokens).
  else if (typeof doc.reasoning === 'string' && doc.reasoning !== '')
    why.push(
      doc.finish_reason === 'length'
        ? "the model wrote only reasoning before the token limit: raise the agent's maxTokens"
        : 'the model wrote only reasoning: bind `reasoning` to read it',
    );
  return why.length === 0 ? '' : ` (${why.join('; ')})`;
}

/**
 * Whether a binding's outputs may see `json` (`json.answer`, `@`, `*`, `keys(@)`): an extraction
 * an earlier evalc cached read the reply without it, so these are keyed apart (QA93). Others
 * (`content`, `choices[0].message.content`) keep their keys: a cache they wrote is reused as is.
 */
export function mayReadContentJson(output: Record<string, string> | undefined): boolean {
  // Any `@` or `*` outside a string literal may see the whole reply, `json` with it: not only a
  // leading one (QA94: `join(',', keys(@))` and `[content, @][1]` kept a7461cf's extraction). A
  // `choices[*]` or `[?@.x]` is keyed apart too, which costs one extraction from the cache.
  return Object.values(output ?? {}).some(
    (e) => /\bjson\b/.test(e) || /[@*]/.test(e.replace(/'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`/g, "''")),
  );
}

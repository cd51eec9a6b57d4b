/**
 * Where a plain dotted output path (`json.argument.answer`, `output.answer`) stops in the reply
 * document: the first field it names that is not there, the fields that are, and the near one
 * (QA264: an `openai` agent's tool-style JSON answer bound as `json.argument.answer` failed every
 * example "no value for answer (json.argument.answer)", nothing saying `json` had `arguments`).
 * Only plain paths are walked: an expression with brackets, pipes or functions gets no hint.
 */
import { suggest } from '../plan/suggest.js';
import { codePointCut } from '../protocols/quote-cut.js';

const PLAIN_PATH = /^\s*[A-Za-z_][A-Za-z0-9_]*(?:\s*\.\s*[A-Za-z_][A-Za-z0-9_]*)*\s*$/;
const SHOWN_FIELDS = 10;
/** A field name is the agent's text: one longer than this is shown cut, with a `…`. */
const SHOWN_NAME = 40;

const shownName = (name: string) => (name.length > SHOWN_NAME ? `${codePointCut(name, SHOWN_NAME)}…` : name);

/** The note a missing value's plain path gets ('' when it names no missing field). */
export function missingPathHint(expression: string, document: unknown): string {
  if (!PLAIN_PATH.test(expression)) return '';
  const segments = expression.split('.').map((s) => s.trim());
  let current: unknown = document;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const prefix = segments.slice(0, i).join('.');
    if (typeof current !== 'object' || current === null || Array.isArray(current)) {
      if (i === 0 || current === null || current === undefined) return '';
      const what = Array.isArray(current) ? 'a list' : `a ${typeof current}`;
      return `: \`${prefix}\` is ${what}, with no fields`;
    }
    if (Object.hasOwn(current, segment)) {
      current = (current as Record<string, unknown>)[segment];
      continue;
    }
    const fields = Object.keys(current);
    const where = i === 0 ? 'the reply' : `\`${prefix}\``;
    if (fields.length === 0) return `: ${where} has no \`${segment}\` (it has no fields)`;
    const shown = fields
      .slice(0, SHOWN_FIELDS)
      .map((f) => `\`${shownName(f)}\``)
      .join(', ');
    const more = fields.length > SHOWN_FIELDS ? `, … (${fields.length} in all)` : '';
    const near = suggest(segment, fields);
    const meant =
      near === undefined
        ? ''
        : ` (did you mean \`${[...segments.slice(0, i), near, ...segments.slice(i + 1)].join('.')}\`?)`;
    return `: ${where} has no \`${segment}\`; its fields: ${shown}${more}${meant}`;
  }
  return '';
}

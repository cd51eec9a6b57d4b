/**
 * TaskConfig input templates: every string leaf of a binding's `input` is a Handlebars
 * template (strict, no HTML escaping). A leaf that is exactly one placeholder, e.g.
 * `"{{tags}}"`, substitutes the value with its JSON type instead of a string.
 *
 * The template context for an example is `{ id, vars, turns, ...vars }`, so `{{user_query}}`
 * and `{{vars.user_query}}` both work.
 */
import Handlebars from 'handlebars';
import { checkable, checkingHandlebars } from './checked-print.js';
import { helperArityProblem } from './helper-arity.js';
import { missingPartial } from './missing-partial.js';
import { type PrintedValue, printableCopy, printedIn, printedValueMessage } from './printed-values.js';
import { explainTemplateSyntaxError } from './template-syntax-error.js';
import { unknownHelper } from './unknown-helper.js';

const hbs = Handlebars.create();
hbs.registerHelper('json', (value: unknown) => {
  if (value === undefined) throw new Error('json helper: value is undefined');
  return JSON.stringify(value);
});
// `{{log x}}` wrote to stdout (console.info), inside `validate --json`'s and `apply --json`'s
// JSON; a template's debugging output goes to stderr, whatever its level (QA57).
hbs.log = (_level: unknown, ...message: unknown[]) => {
  // an object or a list as its JSON: the context's copies refuse to be printed (printed-values.ts)
  const said = message.map((m) => (m !== null && typeof m === 'object' ? JSON.stringify(m) : String(m)));
  process.stderr.write(`template log: ${said.join(' ')}\n`);
};

/**
 * A leaf that is one placeholder and nothing else: `{{x}}`, and the spellings Handlebars renders
 * alike here — `{{{x}}}` (no escaping either way), `{{~x~}}` (nothing around it to trim), and the
 * path written from the context, `{{this.x}}`, `{{./x}}`, `{{@root.x}}`. Group 2 is that prefix.
 */
const SINGLE_PLACEHOLDER =
  /^\{\{~?(\{?)\s*(this\.|this\/|\.\/|@root\.)?([A-Za-z_$][\w$-]*(?:\.[A-Za-z_$][\w$-]*|\.\[\d+\]|\.\d+)*)\s*(\}?)~?\}\}$/;

/** The path of a leaf that is exactly one placeholder, or undefined. */
function singlePlaceholder(value: string): string | undefined {
  const match = SINGLE_PLACEHOLDER.exec(value);
  if (!match || (match[1] === '{') !== (match[4] === '}')) return undefined;
  const path = match[3]!;
  // `{{else}}` and `{{json}}` alone are Handlebars' own (and fail as such); `{{this.json}}` is a var.
  if (match[2] === undefined && (path === 'else' || path === 'json')) return undefined;
  return path;
}

type Leaf = (context: Record<string, unknown>) => unknown;

export type TemplateNode =
  | { kind: 'literal'; value: unknown }
  | { kind: 'leaf'; source: string; path: (string | number)[]; render: Leaf }
  | { kind: 'array'; items: TemplateNode[] }
  | { kind: 'object'; entries: [string, TemplateNode][] };

export interface TemplateError {
  /** Path inside the template value, e.g. ['messages', 0, 'content']. */
  path: (string | number)[];
  message: string;
  /** How to fix it, when the error is a usual slip (an unclosed block, a `{{` without `}}`). */
  hint?: string;
  /** Where in the template string the error is, when known (validate points its caret there). */
  offset?: number;
}

/** `hbs`, whose templates stop at a value printed that has no text form (checked-print.ts). */
const checking = checkingHandlebars(hbs.helpers);

/**
 * How a text leaf renders: `either` checked against the example's context itself, and against the
 * proxied copy when that stops; `copy` always against the copy (the benchmark and the tests that
 * hold the two to the same text and errors).
 */
export type TextRender = 'either' | 'copy';

/** Compiles every string leaf; syntax errors are collected, not thrown. */
export function compileTemplate(
  value: unknown,
  errors: TemplateError[] = [],
  at: (string | number)[] = [],
  via: TextRender = 'either',
): TemplateNode {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return { kind: 'literal', value };
    const single = singlePlaceholder(value);
    if (single !== undefined) {
      const segments = parseLookupPath(single);
      return {
        kind: 'leaf',
        source: value,
        path: at,
        render: (context) => lookupStrict(context, segments, single),
      };
    }
    let ast: ReturnType<typeof hbs.parse>;
    try {
      ast = hbs.parse(value);
    } catch (err) {
      errors.push({ path: at, ...explainTemplateSyntaxError(value, err, offendingToken()) });
      return { kind: 'literal', value };
    }
    try {
      const helper =
        unknownHelper(ast, value, hbs.helpers) ??
        helperArityProblem(ast, value) ??
        missingPartial(ast, value);
      if (helper !== undefined) {
        errors.push({
          path: at,
          message: helper.message,
          ...(helper.offset === undefined ? {} : { offset: helper.offset }),
        });
        return { kind: 'literal', value };
      }
      const inherited = inheritedPaths(ast);
      const fn = hbs.compile(value, { strict: true, noEscape: true });
      // The context is a copy whose objects inherit nothing — inside a block (`{{#each}}`, `{{#with}}`,
      // a helper's params) strict mode finds `constructor` in none of them (QA48) — and that notes an
      // object or a list printed in the text: that is an error naming it, not `[object Object]` or
      // items joined by commas sent in silence (QA333).
      const copied: Leaf = (context) => {
        for (const parts of inherited)
          if (!hasOwnPath(context, parts)) throw new Error(`"${parts.join('.')}" is not defined`);
        const printed: PrintedValue[] = [];
        const text = fn(printableCopy(context, printed), OWN_PROPERTIES_ONLY);
        const unprintable = printed.length === 0 ? undefined : printedIn(text, printed);
        if (unprintable !== undefined) throw new Error(printedValueMessage(unprintable));
        return text;
      };
      // the copy costs 3-7 times the render: a render checked as it prints, against the example
      // itself, needs it only to say what went wrong (QA353)
      const fast =
        via === 'either' && checkable(ast, hbs.helpers)
          ? checking.compile(value, { strict: true, noEscape: true })
          : undefined;
      const render: Leaf =
        fast === undefined
          ? copied
          : (context) => {
              let text: string;
              try {
                text = fast(context, OWN_PROPERTIES_ONLY);
              } catch {
                return copied(context);
              }
              return text;
            };
      return { kind: 'leaf', source: value, path: at, render };
    } catch (err) {
      errors.push({ path: at, message: firstLine(err) });
      return { kind: 'literal', value };
    }
  }
  if (Array.isArray(value)) {
    return { kind: 'array', items: value.map((item, i) => compileTemplate(item, errors, [...at, i], via)) };
  }
  if (value !== null && typeof value === 'object') {
    return {
      kind: 'object',
      entries: Object.entries(value).map(
        ([k, v]) => [k, compileTemplate(v, errors, [...at, k], via)] as [string, TemplateNode],
      ),
    };
  }
  return { kind: 'literal', value };
}

/** Renders a compiled template; returns the first failing leaf as an error value. */
export function renderTemplate(
  node: TemplateNode,
  context: Record<string, unknown>,
): { ok: true; value: unknown } | { ok: false; error: TemplateError } {
  try {
    return { ok: true, value: renderNode(node, context) };
  } catch (err) {
    if (err instanceof LeafError) return { ok: false, error: { path: err.path, message: err.message } };
    throw err;
  }
}

/** Every failing leaf of a template for one context (validate reports them all, not the first). */
export function templateErrors(node: TemplateNode, context: Record<string, unknown>): TemplateError[] {
  switch (node.kind) {
    case 'literal':
      return [];
    case 'leaf': {
      const rendered = renderTemplate(node, context);
      return rendered.ok ? [] : [rendered.error];
    }
    case 'array':
      return node.items.flatMap((item) => templateErrors(item, context));
    case 'object':
      return node.entries.flatMap(([, v]) => templateErrors(v, context));
  }
}

class LeafError extends Error {
  constructor(
    readonly path: (string | number)[],
    message: string,
  ) {
    super(message);
  }
}

function renderNode(node: TemplateNode, context: Record<string, unknown>): unknown {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'leaf':
      try {
        return node.render(context);
      } catch (err) {
        throw new LeafError(node.path, plainMessage(firstLine(err)));
      }
    case 'array':
      return node.items.map((item) => renderNode(item, context));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of node.entries) out[k] = renderNode(v, context);
      return out;
    }
  }
}

/** The template context of an example. */
export function exampleContext(example: {
  id: string;
  vars: Record<string, unknown>;
  turns?: string[] | undefined;
}): Record<string, unknown> {
  return { id: example.id, vars: example.vars, turns: example.turns ?? [], ...example.vars };
}

/** Whether the template contains any placeholder at all. */
export function isTemplated(node: TemplateNode): boolean {
  switch (node.kind) {
    case 'literal':
      return false;
    case 'leaf':
      return true;
    case 'array':
      return node.items.some(isTemplated);
    case 'object':
      return node.entries.some(([, v]) => isTemplated(v));
  }
}

function parseLookupPath(expr: string): (string | number)[] {
  return expr.split('.').map((seg) => {
    const index = /^\[(\d+)\]$/.exec(seg) ?? /^(\d+)$/.exec(seg);
    return index ? Number(index[1]) : seg;
  });
}

function lookupStrict(
  context: Record<string, unknown>,
  segments: (string | number)[],
  expr: string,
): unknown {
  let node: unknown = context;
  for (const seg of segments) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, seg)) {
      throw new Error(`"${expr}" is not defined`);
    }
    node = (node as Record<string | number, unknown>)[seg];
  }
  return node;
}

/**
 * The paths of a template's top-level placeholders (outside blocks, whose context differs) that
 * pass through a member every object inherits (`{{toString}}`, `{{json a.constructor}}`). Strict
 * Handlebars finds such a name `in` any object and renders it empty; evalc checks that the example
 * itself has it, as a whole-leaf placeholder does (`lookupStrict`).
 */
function inheritedPaths(program: hbs.AST.Program): string[][] {
  const out: string[][] = [];
  for (const statement of program.body) {
    if (statement.type !== 'MustacheStatement') continue;
    const { path, params } = statement as hbs.AST.MustacheStatement;
    for (const expr of [path, ...params]) {
      if (expr.type !== 'PathExpression') continue;
      const { data, depth, parts } = expr as hbs.AST.PathExpression;
      if (!data && depth === 0 && parts.some((part) => part in Object.prototype)) out.push(parts);
    }
  }
  return out;
}

function hasOwnPath(context: unknown, parts: readonly string[]): boolean {
  let node = context;
  for (const part of parts) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return true;
}

/**
 * Handlebars reads a context's own properties only (its default), and without printing its
 * console warning about an inherited one (`{{toString}}`).
 */
const OWN_PROPERTIES_ONLY = { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false };

/**
 * Handlebars' strict mode says `"topic" not defined in [object Object] - 1:17`: the name is what
 * matters. A path through a scalar (`{{q.length}}` where q is a string) fails in its `in` test.
 */
function plainMessage(message: string): string {
  const strict = /^"(.+)" not defined in .* - \d+:\d+$/.exec(message);
  if (strict) return `"${strict[1]}" is not defined`;
  const scalar = /^Cannot use 'in' operator to search for '(.+)' in (.*)$/s.exec(message);
  if (scalar) {
    // the value as V8 quotes it, whole: an agent's 300 KB answer was copied into the message, the
    // reports and run.log (QA308, a judge content: reading a path below a text candidate)
    const value =
      scalar[2]!.length > 80 ? `${scalar[2]!.slice(0, 80).replace(/[\uD800-\uDBFF]$/, '')}…` : scalar[2]!;
    return `"${scalar[1]}" is not defined: its parent is not an object (${JSON.stringify(value)})`;
  }
  return message;
}

/**
 * One line from an error message. Handlebars parse errors are four lines (position, the source,
 * a caret, what was expected): the first and the last make the useful line, e.g. `Parse error on
 * line 1: expecting 'OPEN_ENDBLOCK', got 'EOF'`.
 */
function firstLine(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const lines = message
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
  const first = lines[0] ?? message.trim();
  const last = lines.at(-1);
  if (/^Parse error on line \d+:$/.test(first) && last && last !== first)
    return `${first} ${last.replace(/^Expecting/, 'expecting')}`;
  return first;
}

/**
 * Where the parse that just failed stopped: the start of the token the parser could not take (its
 * lexer's text matched so far, less that token), or undefined.
 */
function offendingToken(): number | undefined {
  const lexer = (hbs as unknown as { Parser?: { lexer?: { matched?: unknown; match?: unknown } } }).Parser
    ?.lexer;
  const { matched, match } = lexer ?? {};
  return typeof matched === 'string' && typeof match === 'string' ? matched.length - match.length : undefined;
}

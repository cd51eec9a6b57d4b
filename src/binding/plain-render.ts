/**
 * When a text template may render against the example's own context rather than the proxied copy
 * of printed-values.ts. The copy catches an object printed in text (QA333) and hides what objects
 * inherit from strict Handlebars (QA48), and it costs: 10,000 renders of `Q: {{q}} A: {{a}}` took
 * 700 ms through it, 110 ms without (QA353), and input and judge `content:` templates render once
 * per example. A template that prints only paths from the top of the context (`{{q}}`,
 * `{{candidate.answer}}`, `{{json doc}}`), outside any block, shows Handlebars nothing but those
 * values: when each is the example's own (every step an own member of an object) and each printed
 * one is a scalar or a list of scalars, the plain context renders the same text. Anything else —
 * a block, a partial, a helper other than `json`, `../`, `@root`, a path that is missing, goes
 * through a text or a stand-in (a proxy), or a printed object — renders through the copy, whose
 * text and errors are the rule.
 */
import { types } from 'node:util';

/** The paths a template shows Handlebars: the ones it prints, and the ones `{{json …}}` quotes. */
export interface PlainPaths {
  printed: readonly (readonly string[])[];
  quoted: readonly (readonly string[])[];
}

/** The paths of a template made only of text and top-level placeholders, or undefined. */
export function plainPaths(
  program: hbs.AST.Program,
  helpers: Readonly<Record<string, unknown>>,
): PlainPaths | undefined {
  const printed: string[][] = [];
  const quoted: string[][] = [];
  for (const statement of program.body) {
    if (statement.type === 'ContentStatement' || statement.type === 'CommentStatement') continue;
    if (statement.type !== 'MustacheStatement') return undefined;
    const { path, params, hash } = statement as hbs.AST.MustacheStatement;
    if (hash !== undefined || path.type !== 'PathExpression') return undefined;
    const own = topPath(path as hbs.AST.PathExpression);
    if (params.length === 0) {
      // `{{log}}`, `{{lookup}}` alone call the helper; `{{this.log}}` reads the context
      if (own === undefined || (own.length === 1 && !scoped(path) && Object.hasOwn(helpers, own[0]!)))
        return undefined;
      printed.push(own);
      continue;
    }
    const param =
      params.length === 1 && params[0]!.type === 'PathExpression'
        ? topPath(params[0] as hbs.AST.PathExpression)
        : undefined;
    if (own?.length !== 1 || own[0] !== 'json' || scoped(path) || param === undefined) return undefined;
    quoted.push(param);
  }
  return { printed, quoted };
}

/** Whether this context shows each path as its own value, each printed one having a text form. */
export function printsPlainly(context: unknown, paths: PlainPaths): boolean {
  for (const parts of paths.printed) {
    const value = ownValue(context, parts);
    if (value === ABSENT || !hasTextForm(value)) return false;
  }
  for (const parts of paths.quoted) {
    const value = ownValue(context, parts);
    if (value === ABSENT || (typeof value === 'object' && value !== null && types.isProxy(value)))
      return false;
  }
  return true;
}

/** A path read from the context as it stands (`q`, `this.q`, `./q`, `[a b].c`), or undefined. */
function topPath(path: hbs.AST.PathExpression): string[] | undefined {
  if (path.data || path.depth !== 0 || path.parts.length === 0) return undefined;
  return path.parts.every((part) => typeof part === 'string') ? path.parts : undefined;
}

/** `this.x`, `./x`: never a helper (Handlebars' own `scopedId`). */
function scoped(path: hbs.AST.Expression): boolean {
  return /^(\.|this)\b/.test((path as hbs.AST.PathExpression).original);
}

const ABSENT = Symbol('absent');

/** The value at `parts`, each step an own member of a plain object or list, or ABSENT. */
function ownValue(context: unknown, parts: readonly string[]): unknown {
  let node = context;
  for (const part of parts) {
    if (node === null || typeof node !== 'object' || types.isProxy(node) || !Object.hasOwn(node, part))
      return ABSENT;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A scalar, or a list of scalars (which Handlebars prints joined by commas, QA344). */
function hasTextForm(value: unknown): boolean {
  if (typeof value === 'function') return false;
  if (value === null || typeof value !== 'object') return true;
  if (types.isProxy(value) || !Array.isArray(value)) return false;
  for (const item of value)
    if (item !== null && (typeof item === 'object' || typeof item === 'function')) return false;
  return true;
}

/**
 * A text template compiled so that every value it prints is checked as it is printed: one that has
 * no text form (an object, a list holding an object or a list, a stand-in) stops the render. The
 * template then renders against the example's own context at Handlebars' own cost; the proxied
 * copy of printed-values.ts (3–7 times that cost, QA348) is needed only when it stops, to say
 * which value it was, and when the template names a member objects inherit (QA48), which the copy
 * hides. Text and errors are the copy's: a checked render that fails for any reason gives way to
 * the copy (QA353).
 */
import { types } from 'node:util';
import Handlebars from 'handlebars';

/** What a checked render throws at a value with no text form. */
export const UNPRINTABLE = new Error('a value with no text form was printed');

/** The name under which a checked template finds its check (no template path can call it). */
const CHECK = '\u0000evalc-text';

/** A scalar as it is, else UNPRINTABLE thrown: a list of scalars prints as Handlebars prints it (QA344). */
function textForm(value: unknown): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
  if (typeof value === 'function' || types.isProxy(value) || !Array.isArray(value)) throw UNPRINTABLE;
  for (const item of value)
    if (item !== null && (typeof item === 'object' || typeof item === 'function')) throw UNPRINTABLE;
  return value;
}

type Compiler = { popStack(): unknown; push(expression: unknown): void; aliasable(name: string): unknown };
const Base = (Handlebars as unknown as { JavaScriptCompiler: unknown }).JavaScriptCompiler as {
  new (): object;
  prototype: Record<string, unknown>;
};

/** Handlebars' compiler, whose `append` (every `{{…}}` printed, escaped or not) passes the value through textForm. */
function CheckingCompiler(this: object) {
  Base.apply(this);
}
CheckingCompiler.prototype = Object.create(Base.prototype);
CheckingCompiler.prototype.compiler = CheckingCompiler;
CheckingCompiler.prototype.append = function (this: Compiler) {
  const value = this.popStack();
  this.push([this.aliasable('container.helpers'), `[${JSON.stringify(CHECK)}].check(`, value, ')']);
  (Base.prototype.append as (this: Compiler) => void).call(this);
};

/** A Handlebars environment with these helpers whose templates check what they print. */
export function checkingHandlebars(helpers: Readonly<Record<string, unknown>>): typeof Handlebars {
  const env = Handlebars.create();
  (env as unknown as { JavaScriptCompiler: unknown }).JavaScriptCompiler = CheckingCompiler;
  for (const [name, helper] of Object.entries(helpers))
    if (!Object.hasOwn(env.helpers, name)) env.registerHelper(name, helper as Handlebars.HelperDelegate);
  // an object, not a function: Handlebars passes it on as it is (a function it would wrap)
  env.registerHelper(CHECK, { check: textForm } as unknown as Handlebars.HelperDelegate);
  return env;
}

/**
 * Whether a template may render checked against the example itself: it names no member that
 * objects or lists inherit (the copy has none, so strict Handlebars says it is not defined, QA48),
 * calls no `log` (a render that gives way would write it twice) and holds no partial or decorator.
 */
export function checkable(program: hbs.AST.Program, helpers: Readonly<Record<string, unknown>>): boolean {
  return !someNode(program, (node) => {
    if (/Partial|Decorator/.test(String(node.type))) return true;
    if (node.type !== 'PathExpression' || !Array.isArray(node.parts)) return false;
    const parts = node.parts as unknown[];
    if (parts.length === 1 && parts[0] === 'log') return true;
    return parts.some(
      // a list's `length` is its own; a helper's name alone is no member (`{{#with x}}`)
      (part) =>
        typeof part === 'string' &&
        part !== 'length' &&
        !(parts.length === 1 && !node.data && Object.hasOwn(helpers, part)) &&
        (part in Object.prototype || part in Array.prototype),
    );
  });
}

function someNode(
  node: unknown,
  test: (node: { type?: unknown; parts?: unknown; data?: unknown }) => boolean,
): boolean {
  if (node === null || typeof node !== 'object') return false;
  if (test(node as { type?: unknown })) return true;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'loc') continue;
    if (Array.isArray(child) ? child.some((c) => someNode(c, test)) : someNode(child, test)) return true;
  }
  return false;
}

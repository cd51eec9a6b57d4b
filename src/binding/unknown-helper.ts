/**
 * Helpers a template calls that evalc does not have, said at validate at the name (template.ts
 * compiles; this reads its syntax tree).
 */
import { offsetOfPosition } from './template-syntax-error.js';

const HELPERS = 'if, unless, each, with, lookup, log and json';

/**
 * `{{question.}}`: a name with a dot right after it, which Handlebars parses as `{{question .}}`, a
 * call of helper `question` (it read 'unknown helper "question"'). The name is said as written
 * (`this.`, `../q.`, `@root.q.`: QA207, `{{this.}}` read 'the helper "" … write `{{}}`', the other two
 * a runtime 'container.strict(...).call is not a function'), and so is one given to a helper
 * (`{{#if q.}}` read '`if` takes one argument, got 2'; `{{json q.}}`, `{{lookup o.}}` passed).
 */
function danglingDot(node: {
  path?: hbs.AST.PathExpression;
  params?: unknown[];
}): hbs.AST.PathExpression | undefined {
  const parts = [node.path, ...(node.params ?? [])] as (hbs.AST.PathExpression | undefined)[];
  for (let i = 1; i < parts.length; i++) {
    const [before, dot] = [parts[i - 1], parts[i]];
    const end = before?.loc?.end;
    const start = dot?.loc?.start;
    if (
      before?.type === 'PathExpression' &&
      dot?.type === 'PathExpression' &&
      dot.original === '.' &&
      end !== undefined &&
      start !== undefined &&
      end.line === start.line &&
      end.column === start.column
    )
      return before;
  }
  return undefined;
}

/**
 * A helper the template calls that evalc does not have. Strict Handlebars said `"eq" is not
 * defined` (hint: "did you mean `n`?") for `{{#if (eq n 3)}}`, as if `eq` were a missing var,
 * and `"raw" is not defined` for a raw block `{{{{raw}}}}…{{{{/raw}}}}` (QA57). A name with
 * arguments (a subexpression, a block or a placeholder with params) is a helper call: the data
 * holds no functions. A block without arguments (`{{#tags}}…{{/tags}}`) is a section over a var.
 */
export function unknownHelper(
  ast: hbs.AST.Program,
  source: string,
  helpers: Record<string, unknown>,
): { message: string; offset?: number } | undefined {
  const rawBlock = /\{\{\{\{\s*([^\s}/]+)/.exec(source);
  const raw = rawBlock?.[1];
  if (rawBlock && raw !== undefined && !Object.hasOwn(helpers, raw))
    return {
      offset: rawBlock.index,
      message: `raw block {{{{${raw}}}}} calls helper "${raw}", which templates do not have (they have ${HELPERS}): write \\{{ for a literal {{`,
    };
  let found: { message: string; offset?: number } | undefined;
  const visit = (node: unknown): void => {
    if (found !== undefined || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const n = node as {
      type?: string;
      path?: hbs.AST.PathExpression;
      params?: unknown[];
      hash?: { pairs?: unknown[] };
    };
    const call = n.type === 'SubExpression' || n.type === 'BlockStatement' || n.type === 'MustacheStatement';
    const hasArgs = (n.params?.length ?? 0) > 0 || (n.hash?.pairs?.length ?? 0) > 0;
    const path = n.path;
    const dotted = call ? danglingDot(n) : undefined;
    if (dotted !== undefined) {
      const name = dotted.original;
      const offset = offsetOfPosition(source, dotted.loc?.start);
      found = {
        message:
          dotted === path
            ? `\`${name}.\` ends in a dot, which Handlebars reads as the helper "${name}" given \`.\`: write \`{{${name}}}\`, or \`{{${name}.field}}\` for a field of it`
            : `\`${name}.\` ends in a dot, which Handlebars reads as two arguments, \`${name}\` and \`.\`: write \`${name}\`, or \`${name}.field\` for a field of it`,
        ...(offset === undefined ? {} : { offset }),
      };
      return;
    }
    // `{{../q x}}`, `{{@root.q x}}`: data holds no functions (it read 'container.strict(...).call is
    // not a function' for every example, QA207).
    if (call && hasArgs && path?.type === 'PathExpression') {
      const name = path.data || path.depth > 0 ? path.original : path.parts.join('.');
      if (path.data || path.depth > 0 || path.parts.length !== 1 || !Object.hasOwn(helpers, name)) {
        const offset = offsetOfPosition(source, path.loc?.start);
        found = {
          message: `unknown helper "${name}": templates have Handlebars' built-in helpers and json (${HELPERS}), no comparison or string helpers`,
          ...(offset === undefined ? {} : { offset }),
        };
        return;
      }
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'loc') visit(child);
  };
  visit(ast);
  return found;
}

/**
 * Helpers a template calls that evalc does not have, said at validate at the name (template.ts
 * compiles; this reads its syntax tree).
 */
import { offsetOfPosition } from './template-syntax-error.js';

const HELPERS = 'if, unless, each, with, lookup, log and json';

/**
 * `{{question.}}`: a name with a dot right after it and nothing else, which Handlebars parses as
 * `{{question .}}`, a call of helper `question` (it read 'unknown helper "question"').
 */
function endsInDot(
  path: hbs.AST.PathExpression,
  params: unknown[] | undefined,
  hash: { pairs?: unknown[] } | undefined,
) {
  const param =
    params?.length === 1 && (hash?.pairs?.length ?? 0) === 0
      ? (params[0] as hbs.AST.PathExpression)
      : undefined;
  const end = path.loc?.end;
  const start = param?.loc?.start;
  return (
    param?.type === 'PathExpression' &&
    param.original === '.' &&
    end !== undefined &&
    start !== undefined &&
    end.line === start.line &&
    end.column === start.column
  );
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
    if (call && hasArgs && path?.type === 'PathExpression' && !path.data && path.depth === 0) {
      const name = path.parts.join('.');
      if (path.parts.length !== 1 || !Object.hasOwn(helpers, name)) {
        const offset = offsetOfPosition(source, path.loc?.start);
        found = {
          message: endsInDot(path, n.params, n.hash)
            ? `\`${name}.\` ends in a dot, which Handlebars reads as the helper "${name}" given \`.\`: write \`{{${name}}}\`, or \`{{${name}.field}}\` for a field of it`
            : `unknown helper "${name}": templates have Handlebars' built-in helpers and json (${HELPERS}), no comparison or string helpers`,
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

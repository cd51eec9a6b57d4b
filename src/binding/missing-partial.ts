/**
 * A partial a template names that it does not define. Templates have no registered partials, so
 * `{{> footer}}` renders only under a `{{#*inline "footer"}}…{{/inline}}` of the same value; it
 * was said at render time, in Handlebars' words, once per dataset ("The partial footer could not
 * be found", QA224). A partial block, `{{#> footer}}fallback{{/footer}}`, renders its fallback and
 * is left alone, and so is a partial named by a subexpression or `@partial-block`.
 */
import { offsetOfPosition } from './template-syntax-error.js';

type Node = {
  type?: string;
  name?: { type?: string; original?: unknown };
  path?: { original?: unknown };
  params?: { type?: string; value?: unknown }[];
  loc?: hbs.AST.SourceLocation;
};

export function missingPartial(
  ast: hbs.AST.Program,
  source: string,
): { message: string; offset?: number } | undefined {
  const defined = new Set<string>();
  const used: Node[] = [];
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const n = node as Node;
    if (
      n.type === 'DecoratorBlock' &&
      n.path?.original === 'inline' &&
      n.params?.[0]?.type === 'StringLiteral'
    )
      defined.add(String(n.params[0].value));
    // `{{> "footer"}}`, the name quoted, is the same partial (QA228: it was said at render time).
    if (
      n.type === 'PartialStatement' &&
      (n.name?.type === 'PathExpression' || n.name?.type === 'StringLiteral')
    )
      used.push(n);
    for (const [key, child] of Object.entries(node)) if (key !== 'loc') visit(child);
  };
  visit(ast);
  const missing = used.find((n) => {
    const name = String(n.name?.original);
    return !name.startsWith('@') && !defined.has(name);
  });
  if (missing === undefined) return undefined;
  const name = String(missing.name?.original);
  const offset = offsetOfPosition(source, missing.loc?.start);
  return {
    message: `partial "${name}" is not defined: templates have no registered partials; define it in the same value with {{#*inline "${name}"}}…{{/inline}}`,
    ...(offset === undefined ? {} : { offset }),
  };
}

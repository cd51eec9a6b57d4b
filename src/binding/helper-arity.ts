/**
 * A built-in helper called with the wrong number of arguments fails for every example alike, and
 * Handlebars says so in its runtime's words, some of them a JavaScript error: `{{lookup q}}` read
 * "template fails for dataset d, examples 1, 2 (2 of 2): Cannot read properties of undefined
 * (reading 'lookupProperty')", `{{#if}}` "#if requires exactly one argument" as if the data were at
 * fault (QA191). Said at validate, at the helper's name, as a template that does not compile.
 */
import { offsetOfPosition } from './template-syntax-error.js';

/**
 * How many arguments each built-in helper takes (`log` takes any). `json` takes one: `{{json}}`
 * rendered Handlebars' own options object, `{"name":"json","hash":{},"data":{"root":{…every var…}}`,
 * into the agent's input, and `{{json a b}}` dropped `b` (QA207).
 */
const ARITY: Record<string, { count: number; usage: string }> = {
  if: { count: 1, usage: '`{{#if x}}…{{/if}}`' },
  unless: { count: 1, usage: '`{{#unless x}}…{{/unless}}`' },
  with: { count: 1, usage: '`{{#with x}}…{{/with}}`' },
  each: { count: 1, usage: '`{{#each items}}…{{/each}}`' },
  lookup: { count: 2, usage: 'an object and a key, `{{lookup items @index}}`' },
  json: { count: 1, usage: '`{{json x}}`' },
};

/** The first call of a built-in helper with another number of arguments than it takes. */
export function helperArityProblem(
  ast: hbs.AST.Program,
  source: string,
): { message: string; offset?: number } | undefined {
  let found: { message: string; offset?: number } | undefined;
  const visit = (node: unknown): void => {
    if (found !== undefined || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    const n = node as { type?: string; path?: hbs.AST.PathExpression; params?: unknown[] };
    const path = n.path;
    const name =
      path?.type === 'PathExpression' && !path.data && path.parts.length === 1 ? path.parts[0]! : '';
    const arity = Object.hasOwn(ARITY, name) ? ARITY[name] : undefined;
    const given = n.params?.length ?? 0;
    // A placeholder without arguments (`{{with}}`) may name a var; a block or a call with some may not.
    const call =
      n.type === 'BlockStatement' ||
      n.type === 'SubExpression' ||
      (n.type === 'MustacheStatement' && (given > 0 || name === 'json'));
    if (call && arity !== undefined && given !== arity.count) {
      const offset = offsetOfPosition(source, path?.loc?.start);
      found = {
        message: `\`${name}\` takes ${arity.count === 1 ? 'one argument' : `${arity.count} arguments`}, got ${given}: write ${arity.usage}`,
        ...(offset === undefined ? {} : { offset }),
      };
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'loc') visit(child);
  };
  visit(ast);
  return found;
}

/**
 * validate's stand-ins for the candidates a metric `content:` template reads (content-check.ts).
 * A candidate's value is known only at run time, so any path below it is accepted; but an output
 * whose JMESPath expression ends in a multi-select hash (`{a: x, b: y}`) is an object whenever it
 * is extracted at all, and printing it in text fails every example at run time (QA333: a
 * content's `{{candidate.obj}}` in text is that example's metric_error): validate says so already.
 * A list (`[x, y]`, `items[*].name`) prints when its items are scalars (QA344), which only the
 * run knows.
 */
import { compile } from '@jmespath-community/jmespath';
import { objectStandIn } from '../binding/printed-values.js';

/** Each output name's stand-in: `any` itself, or `any` that is an object, printed in text as an error. */
export function candidateStandIns(
  expressions: Readonly<Record<string, string>>,
  any: unknown,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(expressions).map(([name, expression]) => {
      if (!makesObject(expression) || any === null || typeof any !== 'object') return [name, any];
      return [name, objectStandIn(any, `candidate.${name}`)];
    }),
  );
}

/** Whether an expression's value is always an object when not null, as far as its last step says. */
function makesObject(expression: string): boolean {
  let node: unknown;
  try {
    node = compile(expression);
  } catch {
    return false;
  }
  for (;;) {
    const { type, right } = node as { type?: unknown; right?: unknown };
    if (type === 'MultiSelectHash') return true;
    if ((type === 'Subexpression' || type === 'Pipe') && right !== undefined) {
      node = right;
      continue;
    }
    return false;
  }
}

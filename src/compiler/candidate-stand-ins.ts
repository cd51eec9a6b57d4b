/**
 * validate's stand-ins for the candidates a metric `content:` template reads (content-check.ts).
 * A candidate's value is known only at run time, so any path below it is accepted; but an output
 * whose JMESPath expression ends in a multi-select hash (`{a: x, b: y}`), a multi-select list
 * (`[x, y]`) or a projection (`items[*].name`) is an object or a list whenever it is extracted at
 * all, and printing it in text fails every example at run time (QA333: a content's
 * `{{candidate.obj}}` in text is that example's metric_error): validate says so already.
 */
import { compile } from '@jmespath-community/jmespath';
import { printedValueMessage } from '../binding/printed-values.js';

type Shape = 'object' | 'list' | undefined;

/** Each output name's stand-in: `any` itself, or `any` that cannot be printed in text. */
export function candidateStandIns(
  expressions: Readonly<Record<string, string>>,
  any: unknown,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(expressions).map(([name, expression]) => {
      const shape = shapeOf(expression);
      if (shape === undefined || any === null || typeof any !== 'object') return [name, any];
      const message = printedValueMessage({ path: `candidate.${name}`, list: shape === 'list' });
      const unprintable = new Proxy(any, {
        get: (target, property, receiver) =>
          property === Symbol.toPrimitive
            ? () => {
                throw new Error(message);
              }
            : Reflect.get(target, property, receiver),
      });
      return [name, unprintable];
    }),
  );
}

/** What an expression's value always is when not null, as far as its last step says. */
function shapeOf(expression: string): Shape {
  let node: unknown;
  try {
    node = compile(expression);
  } catch {
    return undefined;
  }
  for (;;) {
    const { type, right } = node as { type?: unknown; right?: unknown };
    if (type === 'MultiSelectHash') return 'object';
    if (type === 'MultiSelectList' || /^(Filter|Value)?Projection$/.test(String(type))) return 'list';
    if ((type === 'Subexpression' || type === 'Pipe') && right !== undefined) {
      node = right;
      continue;
    }
    return undefined;
  }
}

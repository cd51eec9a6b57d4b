/**
 * The optional `response:` JMESPath of an `http` agent, compiled once
 * (`@jmespath-community/jmespath`). Evaluation errors (e.g. a function applied to the wrong
 * type) are values, not exceptions.
 */
import { compile, type JSONValue, TreeInterpreter } from '@jmespath-community/jmespath';

export type ResponsePath =
  | { ok: true; apply(body: unknown): { ok: true; value: unknown } | { ok: false; reason: string } }
  | { ok: false; reason: string };

export function compileResponsePath(expression: string): ResponsePath {
  let ast: ReturnType<typeof compile>;
  try {
    ast = compile(expression);
  } catch (error) {
    return { ok: false, reason: `invalid JMESPath ${JSON.stringify(expression)}: ${errorText(error)}` };
  }
  return {
    ok: true,
    apply(body) {
      try {
        return { ok: true, value: TreeInterpreter.search(ast, body as JSONValue) };
      } catch (error) {
        return { ok: false, reason: `JMESPath ${JSON.stringify(expression)} failed: ${errorText(error)}` };
      }
    },
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The optional `response:` JMESPath of an `http` agent, compiled once
 * (`@jmespath-community/jmespath`). Evaluation errors (e.g. a function applied to the wrong
 * type) are values, not exceptions. Field lookups read the reply's own keys only (../own-fields.ts).
 */
import { compile, type JSONValue, TreeInterpreter } from '@jmespath-community/jmespath';
import { installLinearTrim } from '../jmespath-linear-trim.js';
import { namesInheritedField, withOwnFieldsOnly } from '../own-fields.js';

// trim/trim_right in linear time on agent text (QA52).
installLinearTrim();

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
  const guarded = namesInheritedField(ast);
  return {
    ok: true,
    apply(body) {
      try {
        if (!guarded) return { ok: true, value: TreeInterpreter.search(ast, body as JSONValue) };
        const value = TreeInterpreter.search(ast, withOwnFieldsOnly(body ?? null) as JSONValue);
        // back to ordinary objects: the rest of evalc may call methods on the document
        return { ok: true, value: value === null ? null : JSON.parse(JSON.stringify(value)) };
      } catch (error) {
        return { ok: false, reason: `JMESPath ${JSON.stringify(expression)} failed: ${errorText(error)}` };
      }
    },
  };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

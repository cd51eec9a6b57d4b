/**
 * Output extraction: each binding output is a JMESPath expression compiled once
 * (@jmespath-community/jmespath) and evaluated against the agent's response document.
 */
import { compile, isRegistered, type JSONValue, TreeInterpreter } from '@jmespath-community/jmespath';
import { installLinearTrim } from '../protocols/jmespath-linear-trim.js';
import { namesInheritedField, withOwnFieldsOnly } from '../protocols/own-fields.js';

// trim/trim_right in linear time on agent text (QA52).
installLinearTrim();

export const JMESPATH_LIBRARY = '@jmespath-community/jmespath@1.3.0';

type Compiled = ReturnType<typeof compile>;

export interface CompiledExtraction {
  names: string[];
  expressions: Record<string, string>;
  run: (document: unknown) => ExtractionResult;
}

export type ExtractionResult =
  | { ok: true; values: Record<string, unknown>; missing: string[] }
  | { ok: false; name: string; message: string };

export function compileExpression(
  expression: string,
): { ok: true; ast: Compiled } | { ok: false; message: string } {
  let ast: Compiled;
  try {
    ast = compile(expression);
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message.split('\n')[0]! : String(err) };
  }
  // The parser accepts any function name; an unknown one fails only when evaluated (every
  // example's extraction_failed at apply): say so at validate.
  const unknown = unknownFunction(ast);
  if (unknown !== undefined)
    return { ok: false, message: `Unknown function: ${unknown}() (not a JMESPath function)` };
  return { ok: true, ast };
}

/** The first function the expression calls that the library does not define. */
function unknownFunction(node: unknown): string | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = unknownFunction(item);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (node === null || typeof node !== 'object') return undefined;
  const { type, name } = node as { type?: unknown; name?: unknown };
  if (type === 'Function' && typeof name === 'string' && !isRegistered(name)) return name;
  for (const value of Object.values(node)) {
    const found = unknownFunction(value);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Compiles a binding's `output` map; expressions that do not compile are reported. */
export function compileExtraction(
  output: Record<string, string>,
): { ok: true; extraction: CompiledExtraction } | { ok: false; errors: { name: string; message: string }[] } {
  const compiled: [string, Compiled][] = [];
  let guarded = false;
  const errors: { name: string; message: string }[] = [];
  for (const [name, expression] of Object.entries(output)) {
    const result = compileExpression(expression);
    if (result.ok) {
      compiled.push([name, result.ast]);
      guarded ||= namesInheritedField(result.ast);
    } else errors.push({ name, message: result.message });
  }
  if (errors.length > 0) return { ok: false, errors };
  const run = (document: unknown): ExtractionResult => {
    const values: Record<string, unknown> = {};
    const missing: string[] = [];
    const read = (guarded ? withOwnFieldsOnly(document ?? null) : (document ?? null)) as JSONValue;
    for (const [name, ast] of compiled) {
      try {
        const value = TreeInterpreter.search(ast, read);
        values[name] = value;
        if (value === null || value === undefined) missing.push(name);
      } catch (err) {
        return { ok: false, name, message: err instanceof Error ? err.message : String(err) };
      }
    }
    return { ok: true, values, missing };
  };
  return { ok: true, extraction: { names: compiled.map(([n]) => n), expressions: output, run } };
}

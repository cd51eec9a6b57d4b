/**
 * Output extraction: each binding output is a JMESPath expression compiled once
 * (@jmespath-community/jmespath) and evaluated against the agent's response document.
 */

import {
  compile,
  isRegistered,
  type JSONValue,
  TreeInterpreter,
  tokenize,
} from '@jmespath-community/jmespath';
import { keyedVariableProblem } from '../protocols/jmespath-keyed-variable.js';
import { installLinearTrim } from '../protocols/jmespath-linear-trim.js';
import { namesInheritedField, withOwnFieldsOnly } from '../protocols/own-fields.js';
import { jmespathErrorOffset } from './jmespath-error-offset.js';
import { jmespathHint } from './jmespath-hints.js';

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
): { ok: true; ast: Compiled } | { ok: false; message: string; hint?: string; offset?: number } {
  let ast: Compiled;
  try {
    ast = compile(expression);
  } catch (err) {
    const offset = jmespathErrorOffset(
      expression,
      err instanceof Error ? err.message.split('\n')[0]! : String(err),
    );
    const message = syntaxMessage(expression, err, offset);
    const hint = jmespathHint(expression, message);
    return { ok: false, message, ...(hint ? { hint } : {}), ...(offset === undefined ? {} : { offset }) };
  }
  // The parser accepts any function name, argument count and literal argument; an unknown
  // function, a wrong count (`abs(x, `1`)`) or a literal of the wrong type (`sort_by(xs, 'k')`)
  // fails only when evaluated (every example's extraction_failed at apply): say so at validate.
  const problem = functionProblem(ast);
  if (problem !== undefined) {
    const hint = jmespathHint(expression, problem);
    const offset = jmespathErrorOffset(expression, problem);
    return {
      ok: false,
      message: problem,
      ...(hint ? { hint } : {}),
      ...(offset === undefined ? {} : { offset }),
    };
  }
  // QA358: `$ghp_AbCd…` parses as a variable, and failed every example at apply quoting the key
  const keyed = keyedVariableProblem(ast, expression);
  if (keyed !== undefined) return { ok: false, message: keyed };
  return { ok: true, ast };
}

/**
 * The library's parse error says which token it did not expect but not where: `Syntax error:
 * invalid token (Rbracket): "]"`, and for an expression that stops early `invalid token (EOF): ""`.
 * Say where (the column in the expression, when that token occurs once) and what EOF means (QA57).
 */
function syntaxMessage(expression: string, err: unknown, offset: number | undefined): string {
  const message = err instanceof Error ? err.message.split('\n')[0]! : String(err);
  if (expression.trim() === '') return 'empty expression (`@` is the whole reply)';
  const unknown = /^(Syntax error: unknown character: )([\s\S])$/.exec(message);
  if (unknown) return `${unknown[1]}${wholeCharacter(expression, unknown[2]!, offset)}`;
  const invalid = /^Syntax error: invalid token \((\w+)\): "(.*)"$/.exec(message);
  // An early end reads `invalid token (EOF): ""` (`a |`) or `unexpected token: (EOF)` (`a.b.`):
  // both are told what it means (QA240: the second was not, though the explanation names a trailing
  // `.`); `expected Rbracket, got: EOF` has jmespathHint's own hint.
  if (invalid?.[1] === 'EOF' || /unexpected token: \(EOF\)$/.test(message))
    return `${message}: the expression ends too early (an unclosed bracket or brace, or nothing after \`.\`, \`|\`, an operator or a comma)`;
  if (!invalid) return message;
  let tokens: { start: number; type: string; value: unknown }[] = [];
  try {
    tokens = tokenize(expression) as typeof tokens;
  } catch {
    return message;
  }
  const at = tokens.filter((t) => t.type === invalid[1] && String(t.value) === invalid[2]);
  return at.length === 1 ? `${message} at column ${at[0]!.start + 1} of the expression` : message;
}

/**
 * The character the lexer refused, whole and named by its code point: the library quotes one UTF-16
 * unit, half of an emoji (`unknown character: \ud83d`, a lone surrogate in every report), and an
 * invisible one (U+2028) as itself (QA186). The one at the error's offset (QA191: the first emoji of
 * that half, one in a string before it, `'😀' || b🙂`, was named under a caret on the other).
 */
function wholeCharacter(expression: string, unit: string, offset: number | undefined): string {
  const at = offset === undefined ? undefined : String.fromCodePoint(expression.codePointAt(offset) ?? 0);
  const char =
    (at !== undefined && at.charCodeAt(0) === unit.charCodeAt(0) ? at : undefined) ??
    [...expression].find((c) => c.charCodeAt(0) === unit.charCodeAt(0)) ??
    unit;
  const code = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return /^[!-~]$/.test(char)
    ? char
    : `${/^[\p{L}\p{N}\p{P}\p{S}]$/u.test(char) ? `${char} ` : ''}(U+${code})`;
}

interface FunctionRuntime {
  _functionTable: Record<string, { _signature: unknown[] } | undefined>;
  validateArgs(name: string, args: unknown[], signature: unknown[]): void;
}

const runtime = (TreeInterpreter as unknown as { runtime: FunctionRuntime }).runtime;

/**
 * The first call the library would refuse whatever the document: an unknown function, or
 * arguments it checks before running (their count, and the type of those known without the
 * document: literals and `&expression` references). Other arguments are left to run time.
 */
function functionProblem(node: unknown): string | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = functionProblem(item);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (node === null || typeof node !== 'object') return undefined;
  const { type, name, children } = node as { type?: unknown; name?: unknown; children?: unknown };
  if (type === 'Function' && typeof name === 'string') {
    if (!isRegistered(name)) return `Unknown function: ${name}() (not a JMESPath function)`;
    const signature = runtime._functionTable[name]?._signature;
    if (signature && Array.isArray(children)) {
      try {
        runtime.validateArgs(name, children.map(staticValue), signature);
      } catch (err) {
        return err instanceof Error ? err.message : String(err);
      }
    }
  }
  for (const value of Object.values(node)) {
    const found = functionProblem(value);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** An argument's value when the expression alone fixes it (a literal, an expression reference); else undefined, which the library's type check skips. */
function staticValue(arg: unknown): unknown {
  const { type, value } = (arg ?? {}) as { type?: unknown; value?: unknown };
  if (type === 'Literal') return value;
  if (type === 'ExpressionReference') return { expref: true };
  return undefined;
}

/**
 * The stand-in for a binding `output:` with an expression that does not compile (a plan error,
 * `EVALC_BIND_JMESPATH`): its group is still checked, its templates and metrics (QA142), and
 * never run, as a plan with errors is not applied.
 */
export function uncompiledExtraction(output: Record<string, string>, broken: string): CompiledExtraction {
  return {
    names: Object.keys(output),
    expressions: output,
    run: () => ({ ok: false, name: broken, message: 'the JMESPath expression does not compile' }),
  };
}

/** An output whose expression does not compile; `offset`: where in the expression, when known. */
export interface ExtractionError {
  name: string;
  message: string;
  hint?: string;
  offset?: number;
}

/** Compiles a binding's `output` map; expressions that do not compile are reported. */
export function compileExtraction(
  output: Record<string, string>,
): { ok: true; extraction: CompiledExtraction } | { ok: false; errors: ExtractionError[] } {
  const compiled: [string, Compiled][] = [];
  let guarded = false;
  const errors: ExtractionError[] = [];
  for (const [name, expression] of Object.entries(output)) {
    const result = compileExpression(expression);
    if (result.ok) {
      compiled.push([name, result.ast]);
      guarded ||= namesInheritedField(result.ast);
    } else {
      const { message, hint, offset } = result;
      errors.push({ name, message, ...(hint ? { hint } : {}), ...(offset === undefined ? {} : { offset }) });
    }
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

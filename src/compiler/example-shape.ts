/**
 * The shape of one dataset row (datasets.ts): the fast path that skips zod for a plain example,
 * and the problems zod does not word (a `__proto__` key, an id that cannot name an example).
 */
import type { ExampleRecord } from '../plan/schema.js';

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * The fast path of example validation: a row with only `id` (a string), `vars` (a plain object),
 * `expected` and `weight` (a finite number ≥ 0) is what `exampleSchema` would return, built
 * without running zod (at 100k examples zod costs about a second). Anything else (other
 * fields, other types, a `__proto__` key) goes through `exampleSchema` and keeps its
 * diagnostics. The result has zod's key order: id, vars, expected (when given), weight.
 */
export function simpleExample(value: unknown): ExampleRecord | undefined {
  if (!isPlainRecord(value)) return undefined;
  for (const key in value)
    if (key !== 'id' && key !== 'vars' && key !== 'expected' && key !== 'weight') return undefined;
  const { id, vars, expected, weight } = value;
  if (typeof id !== 'string') return undefined;
  if (vars !== undefined && (!isPlainRecord(vars) || Object.hasOwn(vars, '__proto__'))) return undefined;
  if (weight !== undefined && (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0))
    return undefined;
  if (expected === undefined && Object.hasOwn(value, 'expected')) return undefined;
  if (Object.hasOwn(value, 'vars') && vars === undefined) return undefined;
  if (Object.hasOwn(value, 'weight') && weight === undefined) return undefined;
  const out = { id, vars: (vars ?? {}) as Record<string, unknown>, weight: (weight ?? 1) as number };
  return expected === undefined ? out : { id, vars: out.vars, expected, weight: out.weight };
}

/** `a boolean`, `null`, `a list`, … for a message. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'a mapping' : `a ${typeof value}`;
}

/**
 * What an id that is a number yet no id is: JSON's `1e400` (or YAML's `.inf`) reads as Infinity,
 * YAML's `.nan` as NaN, which is within no range (QA162: it read "beyond a double's range").
 * In YAML, `.inf` is named too: it is no number beyond a range, but infinity itself (QA167).
 */
export function nonFiniteId(id: number, yaml = false): string {
  return Number.isNaN(id)
    ? "NaN (YAML's .nan, not a number): quote it"
    : `a number beyond a double's range${yaml ? ` or YAML's ${id < 0 ? '-' : ''}.inf` : ''} (it reads as ${id}): quote it`;
}

/**
 * The path of a `__proto__` key in a mapping the example schema reads as a record (`vars`,
 * `policies` and each policy): zod's record drops that key without a word (QA40: a CSV column
 * `vars.__proto__.x` or a JSONL var `__proto__` vanished from the agent's input).
 */
export function protoKey(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const { vars, policies } = value as { vars?: unknown; policies?: unknown };
  const has = (v: unknown) => v !== null && typeof v === 'object' && Object.hasOwn(v, '__proto__');
  if (has(vars)) return 'vars.__proto__';
  if (has(policies)) return 'policies.__proto__';
  if (policies !== null && typeof policies === 'object')
    for (const [name, policy] of Object.entries(policies))
      if (has(policy)) return `policies.${name}.__proto__`;
  return undefined;
}

/**
 * Why an example id cannot name an example, if it cannot: an empty (or blank) id shows as nothing
 * in reports (`d/`), and a control character (a line break, a tab, NUL) breaks the one-line
 * rows of report.md, progress lines and `--json` consumers that split on lines (QA21).
 */
export function idProblem(id: string): string | undefined {
  if (id.trim() === '') return id === '' ? 'the id is empty' : 'the id is blank';
  const control = /[\u0000-\u001f\u007f]/.exec(id);
  if (control)
    return `the id holds a control character (U+${control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')})`;
  // Half a surrogate pair is not Unicode text: RFC 8785 refuses it, so the request that carries
  // the id (RAIP `context.exampleId`) could not be built and apply stopped mid-run (QA35).
  const lone = LONE_SURROGATE.exec(id);
  if (lone)
    return `the id holds a lone surrogate (U+${lone[0].charCodeAt(0).toString(16).toUpperCase()}): not Unicode text`;
  return undefined;
}

/** A UTF-16 code unit of a surrogate pair standing alone (`\ud800` from JSON, YAML or CSV). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Why an agent's reported schema digest differs from evalc's (RAIP R1: sha256 over the RFC 8785
 * form of `inputSchema`). The usual cause is the agent's own canonical form: a Python agent hashing
 * `json.dumps(schema, sort_keys=True)` (", " / ": " separators, non-ASCII as \uXXXX), or any agent
 * hashing the schema with its keys unsorted. When the reported digest is one of those forms' the
 * message names it (QA96); otherwise it says what the digest is computed over.
 */
import { sha256Hex } from '../canonical-json.js';
import { formatPythonJsonDumps } from '../mae/python-format.js';
import { digestFormProblem } from './digest-form.js';
import { sameDigest } from './input-schema.js';

const FORMS: ReadonlyArray<readonly [string, (schema: unknown) => string]> = [
  ["Python's json.dumps(schema, sort_keys=True)", (s) => formatPythonJsonDumps(sortKeys(s))],
  [
    'json.dumps(schema, sort_keys=True, separators=(",", ":"))',
    (s) => asciiEscaped(JSON.stringify(sortKeys(s))),
  ],
  ['the schema with its keys in the order the schema lists them (no sort_keys)', (s) => JSON.stringify(s)],
  ["Python's json.dumps(schema), keys in the order the schema lists them", (s) => formatPythonJsonDumps(s)],
];

/** The tail of the mismatch message: `; <cause>`. */
export function digestMismatchHint(reported: string, schema: unknown): string {
  const problem = digestFormProblem(reported);
  if (problem !== undefined)
    return `; the reported digest is no SHA-256: ${problem} (the digest is sha256 over the RFC 8785 (JCS) canonical JSON of inputSchema: hex, optionally prefixed sha256: or sha-256:, or base64 after sha256- or SHA-256=)`;
  for (const [what, text] of FORMS) {
    if (sameDigest(reported, sha256Hex(text(schema))))
      return `; the agent hashed ${what}, not its RFC 8785 (JCS) canonical JSON (keys sorted, no spaces, text unescaped)`;
  }
  return '; the digest is sha256 over the RFC 8785 (JCS) canonical JSON of inputSchema: hex, optionally prefixed sha256: or sha-256:, or base64 after sha256- or SHA-256=';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
}

/** `ensure_ascii=True`: every non-ASCII code unit as a lower-case `\uXXXX`. */
function asciiEscaped(text: string): string {
  return text.replace(/[^\x00-\x7f]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

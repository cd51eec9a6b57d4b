/**
 * The tool sandbox: evalc answers the agent's tool calls from the example's `tools` table,
 * never by running real tools.
 *
 * `tools` shapes:
 * - `{ name: { output } }` — always this output;
 * - `{ name: [ { when: {params subset}, output }, …, { output } ] }` — the first entry whose
 *   `when` is a deep subset of the call's params; an entry without `when` matches any call;
 * - `{ name: value }` where value has no `output` key — the value itself is the output.
 *
 * An undeclared tool answers `{"status":"success","message":"Executed <name>"}` (AgentV parity).
 * When the example declares a tool set (a non-empty `tools`), a call to an undeclared tool still
 * gets that answer but counts as an invalid action. A declared tool whose entries match no
 * params answers `{"status":"error","message":"No mock output of <name> matches the parameters"}`
 * and counts as an invalid action.
 */
import { isRecord } from './action.js';

interface ToolEntry {
  when?: Record<string, unknown>;
  output: unknown;
}

export interface ToolTable {
  /** True when the example declares at least one tool. */
  declared: boolean;
  entries: Map<string, ToolEntry[]>;
}

export type SandboxResult =
  | { kind: 'output'; result: unknown }
  | { kind: 'undeclared'; result: unknown; invalid: boolean }
  | { kind: 'no_match'; result: unknown };

/** Reads `example.tools` (any JSON) into a lookup table; unusable shapes declare nothing. */
export function readToolTable(tools: unknown): ToolTable {
  const entries = new Map<string, ToolEntry[]>();
  if (isRecord(tools)) {
    for (const [name, spec] of Object.entries(tools)) entries.set(name, readEntries(spec));
  }
  return { declared: entries.size > 0, entries };
}

function readEntries(spec: unknown): ToolEntry[] {
  if (Array.isArray(spec)) {
    return spec.map((item) => {
      if (!isRecord(item)) return { output: item };
      const entry: ToolEntry = { output: 'output' in item ? item.output : item };
      if (isRecord(item.when)) entry.when = item.when;
      return entry;
    });
  }
  if (isRecord(spec) && 'output' in spec) return [{ output: spec.output }];
  return [{ output: spec }];
}

export function runSandboxTool(
  table: ToolTable,
  name: string,
  params: Record<string, unknown>,
): SandboxResult {
  const entries = table.entries.get(name);
  if (!entries) {
    return {
      kind: 'undeclared',
      result: { status: 'success', message: `Executed ${name}` },
      invalid: table.declared,
    };
  }
  for (const entry of entries) {
    if (!entry.when || isDeepSubset(entry.when, params))
      return { kind: 'output', result: structuredClone(entry.output) };
  }
  return {
    kind: 'no_match',
    result: { status: 'error', message: `No mock output of ${name} matches the parameters` },
  };
}

/** `expected` is contained in `actual`: objects key by key (recursively), everything else equal. */
export function isDeepSubset(expected: unknown, actual: unknown): boolean {
  if (isRecord(expected)) {
    if (!isRecord(actual)) return false;
    return Object.entries(expected).every(
      ([key, value]) => key in actual && isDeepSubset(value, actual[key]),
    );
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return false;
    return expected.every((value, index) => isDeepEqual(value, actual[index]));
  }
  return Object.is(expected, actual);
}

function isDeepEqual(a: unknown, b: unknown): boolean {
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && isDeepSubset(a, b);
  }
  return isDeepSubset(a, b);
}

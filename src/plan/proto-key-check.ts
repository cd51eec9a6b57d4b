/**
 * A `__proto__` key in a plan's string maps (QA113): the YAML reader keeps it as an own key, but
 * zod's record skips it, so `headers: { __proto__: x }` on an agent or a judge, a `serve.env`
 * variable or a binding's `output` candidate of that name passed validate and was never sent,
 * set or extracted — lost without a word. Refused at file:line:col, as `__proto__` ids are.
 */
import type { Diagnostic, PlanPath, SourcePosition } from './diagnostic.js';
import { diagnostic } from './diagnostic.js';

type Locate = (planPath: PlanPath, key?: string) => SourcePosition | undefined;

const WHAT: Record<string, string> = {
  headers: 'a header name',
  env: 'an environment variable name',
  output: 'a candidate name',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function pathText(path: PlanPath): string {
  return path.map((seg, i) => (typeof seg === 'number' ? `[${seg}]` : i === 0 ? seg : `.${seg}`)).join('');
}

export function protoKeyDiagnostics(raw: unknown, locate: Locate): Diagnostic[] {
  const out: Diagnostic[] = [];
  const check = (owner: unknown, at: PlanPath, key: 'headers' | 'env' | 'output') => {
    if (!isRecord(owner)) return;
    const map = owner[key];
    if (!isRecord(map) || !Object.hasOwn(map, '__proto__')) return;
    const where = [...at, key];
    out.push(
      diagnostic(
        'EVALC_SCHEMA_INVALID',
        `${pathText(where)}: "__proto__" cannot be ${WHAT[key]}: evalc would drop it (it names no key in a JavaScript map)`,
        [...where, '__proto__'],
        { source: locate(where, '__proto__') ?? locate(where) },
      ),
    );
  };
  if (!isRecord(raw)) return out;
  for (const section of ['agents', 'judges']) {
    const entries = raw[section];
    if (!isRecord(entries)) continue;
    for (const [id, entry] of Object.entries(entries)) {
      check(entry, [section, id], 'headers');
      if (isRecord(entry)) check(entry.serve, [section, id, 'serve'], 'env');
    }
  }
  const tasks = raw.tasks;
  if (isRecord(tasks))
    for (const [taskId, task] of Object.entries(tasks)) {
      const bindings = isRecord(task) ? task.bindings : undefined;
      if (isRecord(bindings))
        for (const [name, binding] of Object.entries(bindings))
          check(binding, ['tasks', taskId, 'bindings', name], 'output');
    }
  return out;
}

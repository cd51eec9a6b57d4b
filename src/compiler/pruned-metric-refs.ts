/**
 * A gate's "unknown metric" in a plan salvaged for its diagnostics: when the metric is written in the
 * plan (a task's or the plan's `metrics:`), it is unknown only because its task was left out for an
 * error of its own (QA161: `bindings: 5` in task t made the gate on t's `contains` read "gate names
 * unknown metric `contains`", a second error at a line that was right). A cascade, not news; so
 * is one of a metric under a misspelt `metric:` key (QA166).
 */
import type { Diagnostic } from '../plan/diagnostic.js';

const GATE_METRIC = /^gate names unknown metric `(.*)`$/;

export function namesWrittenMetric(
  d: Diagnostic,
  raw: Record<string, unknown>,
  said: readonly Diagnostic[] = [],
): boolean {
  const name = d.code === 'EVALC_REF_METRIC' ? GATE_METRIC.exec(d.message)?.[1] : undefined;
  if (name === undefined) return false;
  const lists: unknown[] = [raw.metrics];
  if (isRecord(raw.tasks))
    for (const task of Object.values(raw.tasks)) if (isRecord(task)) lists.push(task.metrics);
  // `tasks:` written as a list (`- t: { … }`, or `- t:` above the task's lines, which then sit
  // beside `t`), refused whole: its metrics are written all the same (QA172).
  if (Array.isArray(raw.tasks))
    for (const item of raw.tasks)
      if (isRecord(item))
        for (const task of [item, ...Object.values(item)]) if (isRecord(task)) lists.push(task.metrics);
  // A `metrics:` written misspelt (`metric:`, said unknown with "did you mean `metrics`?"): QA166.
  for (const s of said)
    if (s.code === 'EVALC_SCHEMA_UNKNOWN_KEY' && s.hint === 'did you mean `metrics`?')
      lists.push(valueAt(raw, s.path));
  return lists.some(
    (list) =>
      Array.isArray(list) &&
      list.some((m) => isRecord(m) && (m.id === name || (m.id === undefined && m.type === name))),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function valueAt(raw: unknown, path: readonly (string | number)[]): unknown {
  let node = raw;
  for (const segment of path)
    node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
  return node;
}

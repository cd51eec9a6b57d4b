/**
 * One entry of `evalc diff`'s comparability list ("What changed"): its kinds, its severity (a
 * `warning` confounds the comparison, an `info` is what a pull request changes), and how a changed,
 * added or removed pin is worded (a digest in 12 digits and `…`; `old`/`new` keep the whole value).
 * diff-comparability.ts compares the pins; diff-metric-pins.ts the metrics'.
 */
import canonicalize from 'canonicalize';

export type ComparabilityKind =
  | 'benchmark'
  | 'benchmark_version'
  | 'evalc_version'
  | 'run_settings'
  | 'dataset_added'
  | 'dataset_removed'
  | 'dataset_sha256'
  | 'dataset_count'
  | 'dataset_source'
  | 'agent_added'
  | 'agent_removed'
  | 'agent_protocol'
  | 'agent_endpoint'
  | 'agent_schema'
  | 'agent_version'
  | 'agent_settings'
  | 'judge_added'
  | 'judge_removed'
  | 'judge_endpoint'
  | 'judge_model'
  | 'judge_rubric'
  | 'judge_rubric_version'
  | 'judge_version'
  | 'judge_settings'
  | 'metric_added'
  | 'metric_removed'
  | 'task_renamed'
  | 'metric_version'
  | 'metric_config'
  | 'metric_inputs'
  | 'plan'
  | 'group_input'
  | 'group_output'
  | 'weight';

export interface ComparabilityIssue {
  kind: ComparabilityKind;
  severity: 'warning' | 'info';
  /** What changed: a dataset, agent or judge id, or `task/metric`. */
  subject: string;
  old: string | null;
  new: string | null;
  message: string;
}

const INFO_KINDS: ReadonlySet<ComparabilityKind> = new Set([
  'benchmark_version',
  'evalc_version',
  'agent_added',
  'agent_removed',
  'agent_schema',
  'agent_version',
  'agent_protocol',
  'agent_endpoint',
  'agent_settings',
  'dataset_source',
  'plan',
  'group_input',
  'group_output',
]);

export function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : (canonicalize(value) ?? null);
}

export function issue(
  kind: ComparabilityKind,
  subject: string,
  oldV: unknown,
  newV: unknown,
  what: string,
  shown: (value: string) => string = (value) => value,
) {
  const o = text(oldV);
  const n = text(newV);
  const message =
    o === null
      ? `${subject}: ${what} added (${n === null ? 'n/a' : shown(n)})`
      : n === null
        ? `${subject}: ${what} removed (was ${shown(o)})`
        : `${subject}: ${what} changed ${shown(o)} → ${shown(n)}`;
  return {
    kind,
    severity: INFO_KINDS.has(kind) ? 'info' : 'warning',
    subject,
    old: o,
    new: n,
    message,
  } satisfies ComparabilityIssue;
}

export function sortedUnion(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
}

export function compareField(
  out: ComparabilityIssue[],
  kind: ComparabilityKind,
  subject: string,
  what: string,
  oldV: unknown,
  newV: unknown,
  shown?: (value: string) => string,
): void {
  if (text(oldV) !== text(newV)) out.push(issue(kind, subject, oldV, newV, what, shown));
}

/** A `sha256:`-prefixed digest in a message: its first 12 hex digits and `…` (old and new keep it whole). */
export const shortDigest = (digest: string) =>
  digest.replace(/^(sha256:)?([0-9a-f]{12})[0-9a-f]{52}$/, '$1$2…');

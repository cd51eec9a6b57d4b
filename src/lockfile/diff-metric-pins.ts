/**
 * The metrics two lockfiles pin, per `task/metric`: added, removed, renamed, a version or config
 * changed, or the same version and config scored with other inputs (prices, a rubric, a judge).
 */
import { type ComparabilityIssue, compareField, issue, sortedUnion, text } from './comparability-issue.js';
import { markRenamedMetrics } from './diff-metric-rename.js';
import type { Lockfile } from './types.js';

/** `threshold 0.6 → 0.85; mode list → set`: the fields of a metric's config that changed. */
function configChanges(a: Record<string, unknown>, b: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of sortedUnion(a, b)) {
    const o = text(a[key]);
    const n = text(b[key]);
    if (o !== n) parts.push(`${key} ${o ?? '(unset)'} → ${n ?? '(unset)'}`);
  }
  return parts.join('; ');
}

/** Metric configs per `task/metric` (the same metric is pinned once per group). */
interface PinnedMetric {
  version: string;
  config: string;
  fields: Record<string, unknown>;
  digest: string | undefined;
}

function metricsByTask(lock: Lockfile): Map<string, PinnedMetric> {
  const map = new Map<string, PinnedMetric>();
  for (const gid of Object.keys(lock.groups).sort()) {
    const g = lock.groups[gid];
    if (!g) continue;
    for (const mid of Object.keys(g.metrics).sort()) {
      const m = g.metrics[mid];
      const subject = `${g.task}/${mid}`;
      if (m && !map.has(subject)) {
        const fields = { type: m.type, ...m.config };
        map.set(subject, { version: m.version, config: text(fields) ?? '', fields, digest: m.digest });
      }
    }
  }
  return map;
}

/**
 * A metric whose version and config are the same but whose digest changed was scored with other
 * inputs the lock does not spell out: the plan's `prices:` (cost), a rubric it names. QA54: a price
 * change flipped a cost gate while the diff said only "plan changed" and called the runs comparable.
 * A judge metric whose judge is already listed as changed says nothing more.
 */
function metricInputsChange(
  subject: string,
  a: PinnedMetric,
  b: PinnedMetric,
  changedJudges: ReadonlySet<string>,
) {
  if (a.digest === undefined || b.digest === undefined || a.digest === b.digest) return undefined;
  const judge = typeof b.fields.judge === 'string' ? b.fields.judge : undefined;
  if (judge !== undefined && changedJudges.has(judge)) return undefined;
  const digests = `digest ${a.digest.slice(0, 12)}… → ${b.digest.slice(0, 12)}…`;
  const what =
    b.fields.type === 'cost'
      ? 'prices changed (prices:)'
      : typeof b.fields.rubric === 'string'
        ? `rubric ${b.fields.rubric} or judge ${judge ?? ''} changed`.trimEnd()
        : judge !== undefined
          ? `judge ${judge} changed`
          : 'inputs changed (a setting its config does not list)';
  return {
    ...issue('metric_inputs', subject, a.digest, b.digest, 'inputs'),
    message: `${subject}: ${what}; ${digests}`,
  };
}

export function compareMetrics(
  old: Lockfile,
  now: Lockfile,
  changedJudges: ReadonlySet<string>,
): ComparabilityIssue[] {
  const out: ComparabilityIssue[] = [];
  const o = metricsByTask(old);
  const n = metricsByTask(now);
  const subjects = [...new Set([...o.keys(), ...n.keys()])].sort();
  for (const subject of subjects) {
    const a = o.get(subject);
    const b = n.get(subject);
    if (!a || !b) {
      out.push(issue(a ? 'metric_removed' : 'metric_added', subject, a?.config, b?.config, 'metric'));
      continue;
    }
    compareField(out, 'metric_version', subject, 'version', a.version, b.version);
    if (a.config !== b.config) {
      out.push({
        ...issue('metric_config', subject, a.config, b.config, 'config'),
        message: `${subject}: config changed: ${configChanges(a.fields, b.fields)}`,
      });
    } else if (a.version === b.version) {
      const inputs = metricInputsChange(subject, a, b, changedJudges);
      if (inputs) out.push(inputs);
    }
  }
  markRenamedMetrics(out, o, n);
  return out;
}

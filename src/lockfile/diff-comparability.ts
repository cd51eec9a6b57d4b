/**
 * Comparability of two lockfiles: everything pinned that changed between them, each listed
 * with its old and new value. A `warning` confounds the comparison (dataset content, metric
 * version/config, the judge: endpoint, model, rubric, server version, any other setting); an `info`
 * is expected in a diff (a new agent version or setting, an edited plan, a group whose rendered
 * inputs or extraction changed: what a pull request changes).
 */
import canonicalize from 'canonicalize';
import { markRenamedMetrics } from './diff-metric-rename.js';
import { markRenamedAgents, markRenamedDatasets, markRenamedTasks } from './diff-renames.js';
import { compareWeights } from './diff-weights.js';
import type { Lockfile } from './types.js';

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

/**
 * An agent's settings that are evalc's conversation, not the agent: mae's profile, relay texts and
 * turn cap, a chat agent's history, turn cap and terminating tools change what is sent to the
 * agent and when a conversation ends, so a score can change with the same agent (QA97, QA106):
 * like a metric's or a judge's change, they make two runs "not strictly comparable". The model
 * an agent is, its endpoint or version are what a diff compares, and stay pins.
 */
const HARNESS_SETTINGS: ReadonlySet<string> = new Set([
  'profile',
  'relay',
  'maxTurns',
  'history',
  'terminatingTools',
]);

function text(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : (canonicalize(value) ?? null);
}

function issue(
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

function sortedUnion(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
}

function compareField(
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
const shortDigest = (digest: string) => digest.replace(/^(sha256:)?([0-9a-f]{12})[0-9a-f]{52}$/, '$1$2…');

/** Entries of one pinned section, in id order: added, removed, or compared field by field. */
function compareEntries<T>(
  out: ComparabilityIssue[],
  what: 'dataset' | 'agent' | 'judge',
  olds: Record<string, T>,
  news: Record<string, T>,
  summary: (entry: T) => unknown,
  compare: (o: T, n: T, id: string) => void,
): void {
  for (const id of sortedUnion(olds, news)) {
    const o = olds[id];
    const n = news[id];
    if (o && n) compare(o, n, id);
    else {
      // A dataset's summary is its sha256: 12 digits, as its change (QA273).
      const shown = what === 'dataset' ? shortDigest : undefined;
      out.push(
        issue(`${what}_${o ? 'removed' : 'added'}`, id, o && summary(o), n && summary(n), what, shown),
      );
    }
  }
}

/** A changed identity digest that no listed field explains: a setting the lock does not spell out. */
function unlistedChange(
  out: ComparabilityIssue[],
  kind: 'agent_settings' | 'judge_settings',
  subject: string,
  place: string,
  oldDigest: string | undefined,
  newDigest: string | undefined,
): void {
  if (oldDigest === undefined || newDigest === undefined || oldDigest === newDigest) return;
  out.push({
    ...issue(kind, subject, oldDigest, newDigest, 'settings'),
    message: `${subject}: settings changed (a setting of ${place} the lock does not list, e.g. temperature or a prompt; digest ${oldDigest.slice(0, 12)}… → ${newDigest.slice(0, 12)}…)`,
  });
}

/** Every pinned difference between two lockfiles, in a stable order. */
export function compareLockPins(old: Lockfile, now: Lockfile): ComparabilityIssue[] {
  const out: ComparabilityIssue[] = [];
  const ob = old.plan.benchmark;
  const nb = now.plan.benchmark;
  compareField(out, 'benchmark', 'benchmark', 'benchmark id', ob.id, nb.id);
  // The plan names a version bump (`benchmark.version 1.0.0 → 1.1.0`); the diff read the digest alone (QA139).
  compareField(out, 'benchmark_version', 'benchmark', 'version', ob.version, nb.version);
  // Metric versions are pinned per metric; the aggregation and statistics code is evalc's (QA38).
  if (text(old.evalc) !== text(now.evalc)) {
    out.push({
      ...issue('evalc_version', 'evalc', old.evalc, now.evalc, 'version'),
      message: `evalc: version changed ${text(old.evalc) ?? 'n/a'} → ${text(now.evalc) ?? 'n/a'} (the lockfiles were written by different evalc versions)`,
    });
  }
  if (old.plan.digest !== now.plan.digest) {
    const short = (d: string) => `${d.slice(0, 12)}…`;
    out.push({
      kind: 'plan',
      severity: 'info',
      subject: 'plan',
      old: old.plan.digest,
      new: now.plan.digest,
      message: `plan: evalc.yaml (or a file it includes) changed, digest ${short(old.plan.digest)} → ${short(now.plan.digest)}`,
    });
  }
  compareField(out, 'run_settings', 'run', 'repeats', old.run.repeats, now.run.repeats);
  compareField(out, 'run_settings', 'run', 'seed', old.run.seed, now.run.seed);
  compareField(out, 'run_settings', 'run', 'trace', old.run.trace, now.run.trace);
  // α and resamples change the diff's own test, not the results: said as information (QA139).
  for (const key of ['significance', 'bootstrap'] as const) {
    const at = out.length;
    if (old.run[key] !== undefined && now.run[key] !== undefined)
      compareField(out, 'run_settings', 'run', key, old.run[key], now.run[key]);
    for (const added of out.slice(at)) added.severity = 'info';
  }
  compareEntries(
    out,
    'dataset',
    old.datasets,
    now.datasets,
    (d) => d.sha256,
    (o, n, id) => {
      // 12 digits and `…`, as the schema digest (QA273: 2 × 64 digits); JSON's old/new keep it whole.
      compareField(out, 'dataset_sha256', id, 'sha256', o.sha256, n.sha256, shortDigest);
      compareField(out, 'dataset_count', id, 'example count', o.examples, n.examples);
      // Where it was read from (a file moved, a remote dataset's host or port): information, its
      // content is the sha256's (QA221: a source the lock pins changed and the diff said nothing).
      compareField(out, 'dataset_source', id, 'source', o.source, n.source);
    },
  );
  markRenamedDatasets(out);
  compareEntries(
    out,
    'agent',
    old.agents,
    now.agents,
    (a) => a.protocol,
    (o, n, id) => {
      const before = out.length;
      compareField(out, 'agent_protocol', id, 'protocol', o.protocol, n.protocol);
      compareField(out, 'agent_endpoint', id, 'endpoint', o.endpoint, n.endpoint);
      compareField(out, 'agent_endpoint', id, 'command folder', o.commandDir ?? '.', n.commandDir ?? '.');
      // Shortened as every other digest of the list (QA267: 2 × 71 characters); JSON's old/new keep it whole.
      compareField(out, 'agent_schema', id, 'schema digest', o.schemaDigest, n.schemaDigest, shortDigest);
      compareField(out, 'agent_version', id, 'version', o.version, n.version);
      // The plan's `version:` beside /info's (QA256: a bump read "settings changed … e.g. a prompt").
      // The digest covers it: an equal digest is an unchanged `version:`, whatever a lock written
      // before declaredVersion existed left out (QA259: such a lock read "1.0.0 → 1.1.0").
      if ((o.declaredVersion !== undefined || n.declaredVersion !== undefined) && o.digest !== n.digest)
        compareField(
          out,
          'agent_version',
          id,
          'declared version',
          o.declaredVersion ?? o.version,
          n.declaredVersion ?? n.version,
        );
      // The name its discovery gave, pinned beside the version (QA218: another agent behind the same URL said nothing).
      compareField(out, 'agent_version', id, 'name', o.name, n.name);
      // The protocol settings the lock pins (an openai agent's model, mae's maxTurns, …; QA47:
      // they were written and never compared, so a model swap read as "plan changed" only).
      const os = o.settings ?? {};
      const ns = n.settings ?? {};
      for (const key of sortedUnion(os, ns)) {
        const at = out.length;
        compareField(out, 'agent_settings', id, key, os[key], ns[key]);
        if (out.length > at && HARNESS_SETTINGS.has(key)) out[at]!.severity = 'warning';
      }
      if (out.length === before)
        unlistedChange(out, 'agent_settings', id, `agents.${id}`, o.digest, n.digest);
    },
  );
  markRenamedAgents(out, old, now);
  compareEntries(
    out,
    'judge',
    old.judges,
    now.judges,
    (j) => j.protocol,
    (o, n, id) => {
      const before = out.length;
      compareField(out, 'judge_endpoint', id, 'endpoint', o.endpoint, n.endpoint);
      compareField(out, 'judge_endpoint', id, 'command folder', o.commandDir ?? '.', n.commandDir ?? '.');
      compareField(out, 'judge_model', id, 'model', o.model, n.model);
      // The tags name their rubrics: beside the same tags, a `rubric` that differs is how an older
      // evalc named it (the judge's own setting, used or not; QA142), not another rubric.
      if (o.rubricVersion === undefined || o.rubricVersion !== n.rubricVersion)
        compareField(out, 'judge_rubric', id, 'rubric', o.rubric, n.rubric);
      compareField(out, 'judge_rubric_version', id, 'rubricVersion', o.rubricVersion, n.rubricVersion);
      // An openai judge's `version` is the model its server reported serving (QA229); one an old lock
      // lacks may be an earlier evalc's, which recorded none: information, not a confound.
      const served = n.protocol === 'openai' ? 'served model' : undefined;
      const at = out.length;
      compareField(out, 'judge_version', id, served ?? 'server version', o.version, n.version);
      const added = served && o.version === undefined ? out[at] : undefined;
      if (added)
        Object.assign(added, { severity: 'info', message: `${added.message} (the old lock records none)` });
      compareField(out, 'judge_version', id, 'wire version', o.wireVersion, n.wireVersion);
      // A setting the lock has no field for (temperature, prompt, …) changes only the digest: it
      // changes every score the judge gives (QA47: such a run compared as strictly comparable).
      if (out.length === before)
        unlistedChange(out, 'judge_settings', id, `judges.${id}`, o.digest, n.digest);
    },
  );
  const changedJudges = new Set(out.filter((i) => i.kind.startsWith('judge_')).map((i) => i.subject));
  out.push(...compareMetrics(old, now, changedJudges));
  out.push(...compareGroupBindings(old, now));
  out.push(...compareWeights(old, now));
  markRenamedTasks(out, old, now);
  return out;
}

/**
 * Groups (agent/task/dataset) present in both runs whose rendered inputs (templates, task
 * instructions) or output extraction changed: the reason their examples were re-run.
 */
function compareGroupBindings(old: Lockfile, now: Lockfile): ComparabilityIssue[] {
  const out: ComparabilityIssue[] = [];
  for (const gid of Object.keys(now.groups).sort()) {
    const o = old.groups[gid];
    const n = now.groups[gid];
    if (!o || !n) continue;
    const binding =
      n.binding === o.binding ? `bindings.${n.binding}` : `bindings.${o.binding} → bindings.${n.binding}`;
    if (o.inputDigest !== n.inputDigest)
      out.push({
        kind: 'group_input',
        severity: 'info',
        subject: gid,
        old: o.inputDigest,
        new: n.inputDigest,
        message: `${gid}: input changed (template or instructions, ${binding}.input)`,
      });
    if (o.outputDigest !== n.outputDigest)
      out.push({
        kind: 'group_output',
        severity: 'info',
        subject: gid,
        old: o.outputDigest,
        new: n.outputDigest,
        message: `${gid}: output extraction changed (${binding}.output)`,
      });
  }
  return out;
}

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

function compareMetrics(
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

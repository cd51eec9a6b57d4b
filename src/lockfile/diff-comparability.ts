/**
 * Comparability of two lockfiles: everything pinned that changed between them, each listed
 * with its old and new value. A `warning` confounds the comparison (dataset content, metric
 * version/config, the judge: endpoint, model, rubric, server version, any other setting); an `info`
 * is expected in a diff (a new agent version or setting, an edited plan, a group whose rendered
 * inputs or extraction changed: what a pull request changes). An entry's kinds and wording are
 * comparability-issue.ts's; the metrics' comparison is diff-metric-pins.ts's.
 */
import {
  type ComparabilityIssue,
  compareField,
  issue,
  shortDigest,
  sortedUnion,
  text,
} from './comparability-issue.js';
import { shownName } from './control-chars.js';
import { compareMetrics } from './diff-metric-pins.js';
import { markRenamedAgents, markRenamedDatasets, markRenamedTasks } from './diff-renames.js';
import { compareWeights } from './diff-weights.js';
import type { Lockfile } from './types.js';

export type { ComparabilityIssue } from './comparability-issue.js';

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
      compareField(out, 'agent_version', id, 'name', o.name, n.name, shownName);
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

/**
 * Why `plan` re-aggregates when no invoke, extract or score step runs: the edit it can name. Before
 * QA66 a deleted example and a reordered dataset both read "because a dataset file changed (its
 * sha256; e.g. example weights)", and `run.seed` or a lowered `run.repeats` read "because the plan
 * changed (no step changes: e.g. a gate, a weight or a description)".
 */
import type { Lockfile } from '../lockfile/types.js';
import type { CompiledPlan } from './compile.js';
import { datasetsMatch, FAILED_INVOKE_KIND } from './lock-records.js';
import { unkeyedPlanEdits } from './plan-edit-names.js';
import { datasetNamer, theDatasets } from './reason-dataset-names.js';
import { repeatsRaisedReason } from './repeats-raised-reason.js';
import { type ExampleSteps, exampleSteps } from './step-keys.js';

const SHOWN = 3;

function named(ids: string[]): string {
  return ids.slice(0, SHOWN).join(', ') + (ids.length > SHOWN ? `, … (${ids.length - SHOWN} more)` : '');
}

/** The example ids evalc.lock recorded for each `task/dataset`, in the order of its rows. */
function lockedExampleIds(lock: Lockfile): Map<string, string[]> {
  const byDataset = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const row of lock.results) {
    const group = lock.groups[row.group];
    if (!group) continue;
    const id = `${group.task}/${group.dataset}`;
    if (seen.has(`${id}\u0000${row.example}`)) continue;
    seen.add(`${id}\u0000${row.example}`);
    const ids = byDataset.get(id) ?? [];
    ids.push(row.example);
    byDataset.set(id, ids);
  }
  return byDataset;
}

const FIELD_EDIT = 'because a dataset file changed (its sha256; a field no step reads, e.g. human_score)';

/** A dataset whose bytes changed without a step seeing it: examples removed, reordered, or else. */
export function datasetEditReason(
  compiled: CompiledPlan,
  lock: Lockfile,
  unrecorded?: { reason: string; groups: Iterable<string> },
): string {
  // What is left changed a field no step reads, a human label above all (QA124: it read "e.g.
  // example weights", which are named above).
  // Examples joined from the cache are said beside the edit named (QA231: beside a removal, unsaid).
  const named = namedDatasetEdit(compiled, lock);
  const joined = joinedReason(compiled, lock);
  if (named && joined) return `${named}, and ${joined.replace(/^because /, '')}`;
  // A dataset edited where no example joined (a human_score) is said beside the join (QA233: unsaid).
  if (joined && [...editedDatasets(compiled, lock)].some((id) => !joinedIn(compiled, lock).has(id)))
    return `${joined}, and ${FIELD_EDIT.replace(/^because /, '')}`;
  if (named ?? joined) return (named ?? joined) as string;
  // Cached runs evalc.lock does not record (an edit undone) are said so, not as a field no step reads
  // (QA247: `q` edited and undone read 'a field no step reads'); another dataset's edit beside them too.
  if (!unrecorded) return FIELD_EDIT;
  const stale = new Set(unrecorded.groups);
  const staleIn = new Set(
    compiled.groups
      .filter((cg) => stale.has(cg.group.id))
      .map((cg) => `${cg.group.taskId}/${cg.group.datasetId}`),
  );
  const other = [...editedDatasets(compiled, lock)].some((id) => !staleIn.has(id));
  return other ? `${unrecorded.reason}, and ${FIELD_EDIT.replace(/^because /, '')}` : unrecorded.reason;
}

/** The `task/dataset`s an example joined (an id evalc.lock does not record for it). */
function joinedIn(compiled: CompiledPlan, lock: Lockfile): Set<string> {
  const locked = lockedExampleIds(lock);
  const ids = new Set<string>();
  for (const d of compiled.resolved.datasets) {
    const id = `${d.taskId}/${d.datasetId}`;
    const had = new Set(locked.get(id));
    if (locked.has(id) && d.examples.some((e) => !had.has(e.id))) ids.add(id);
  }
  return ids;
}

/**
 * Examples added to a dataset the lock records, which no step runs for when their results are cached
 * (an `apply --only` ran them): `because an example joined the dataset (d1/e4): its results join
 * evalc.lock` (QA231: it read 'a field no step reads, e.g. human_score').
 */
function joinedReason(compiled: CompiledPlan, lock: Lockfile): string | undefined {
  const locked = lockedExampleIds(lock);
  const name = datasetNamer(compiled);
  const joined: NamedExample[] = [];
  for (const d of compiled.resolved.datasets) {
    const before = locked.get(`${d.taskId}/${d.datasetId}`);
    if (!before) continue;
    const had = new Set(before);
    for (const e of d.examples)
      if (!had.has(e.id))
        joined.push({
          dataset: `${d.taskId}/${d.datasetId}`,
          name: `${name(d.taskId, d.datasetId)}/${e.id}`,
        });
  }
  return joined.length === 0 ? undefined : joinedText(compiled, joined);
}

/**
 * Beside steps that run, the examples joined whose every step is cached (an `apply --only` ran
 * them), named as when no step runs (QA233: `because scores changed` alone, the join unsaid; the
 * examples that run are their `new example` rows).
 */
export function joinedFromCacheReason(
  compiled: CompiledPlan,
  lock: Lockfile,
  cache: { has(key: string): boolean; kindOf?(key: string): string | undefined; get?(key: string): unknown },
): string | undefined {
  const locked = lockedExampleIds(lock);
  const name = datasetNamer(compiled);
  const cached = new Map<string, NamedExample>();
  const ran = new Set<string>();
  for (const { group, keys } of compiled.groups) {
    const before = locked.get(`${group.taskId}/${group.datasetId}`);
    if (!before) continue;
    const had = new Set(before);
    for (const example of group.dataset.examples) {
      if (had.has(example.id)) continue;
      const id = `${group.taskId}/${group.datasetId}\u0000${example.id}`;
      for (const step of exampleSteps(group, keys, example)) {
        if (stepRuns(step, cache)) ran.add(id);
        else
          cached.set(id, {
            dataset: `${group.taskId}/${group.datasetId}`,
            name: `${name(group.taskId, group.datasetId)}/${example.id}`,
          });
      }
    }
  }
  const joined = [...cached].filter(([id]) => !ran.has(id)).map(([, named]) => named);
  return joined.length === 0 ? undefined : joinedText(compiled, joined);
}

/**
 * Whether apply runs a step of this example repeat: an invoke, extract or score not cached, but not
 * the steps after a cached definitive failure, which apply never runs (QA247: an example joined with
 * its cached 400 was left unnamed, and read as a field edit, `a field no step reads`).
 */
function stepRuns(
  step: ExampleSteps,
  cache: { has(key: string): boolean; kindOf?(key: string): string | undefined; get?(key: string): unknown },
): boolean {
  if (step.invokeKey === undefined || !cache.has(step.invokeKey)) return true;
  if (cache.kindOf?.(step.invokeKey) === FAILED_INVOKE_KIND) return false;
  if (step.extractKey === undefined || !cache.has(step.extractKey)) return true;
  const extracted = cache.get?.(step.extractKey);
  if (typeof extracted === 'object' && extracted !== null && (extracted as { ok?: unknown }).ok === false)
    return false;
  return Object.values(step.scoreKeys ?? {}).some((key) => key === undefined || !cache.has(key));
}

/** An example a reason names: its `task/dataset`, and how it is written (`d1/e4`, or `t1/d1/e4`). */
interface NamedExample {
  dataset: string;
  name: string;
}

function joinedText(compiled: CompiledPlan, examples: NamedExample[]): string {
  const joined = examples.map((e) => e.name);
  const whose = joined.length === 1 ? 'its' : 'their';
  const into =
    compiled.resolved.only === undefined
      ? 'evalc.lock'
      : '.evalc/evalc.only.lock, the lock apply --only writes';
  return `because ${joined.length === 1 ? 'an example' : `${joined.length} examples`} joined ${theDatasets(examples.map((e) => e.dataset))} (${named(joined)}): ${whose} results join ${into}`;
}

/** The `task/dataset`s whose sha256 or example count differ from the ones evalc.lock pins. */
export function editedDatasets(compiled: CompiledPlan, lock: Lockfile): Set<string> {
  const edited = new Set<string>();
  if ((lock.datasets as Lockfile['datasets'] | undefined) === undefined) return edited;
  for (const d of compiled.resolved.datasets) {
    const id = `${d.taskId}/${d.datasetId}`;
    const pinned = lock.datasets[id];
    if (pinned && (pinned.sha256 !== d.sha256 || pinned.examples !== d.examples.length)) edited.add(id);
  }
  return edited;
}

/**
 * Beside steps that run, a dataset edit no step sees (an example removed from one dataset while one
 * is added to another): the groups of the edited datasets not already re-aggregated, and the edit's
 * reason (QA221: `plan` read "4 nodes because scores changed", the edited dataset's groups and the
 * removal left out, while apply rewrote their aggregates).
 */
export function datasetEditBeside(
  compiled: CompiledPlan,
  lock: Lockfile,
  changedGroups: ReadonlySet<string>,
): { groups: CompiledPlan['groups'][number]['group'][]; reason?: string } {
  const edited = editedDatasets(compiled, lock);
  if (edited.size === 0) return { groups: [] };
  const groups = compiled.groups
    .map((cg) => cg.group)
    .filter((g) => !changedGroups.has(g.id) && edited.has(`${g.taskId}/${g.datasetId}`));
  const reason =
    // Not the examples joined: beside steps that run, those are their `new example` rows (QA231).
    namedDatasetEdit(compiled, lock) ?? (groups.length > 0 ? FIELD_EDIT : undefined);
  return { groups, ...(reason ? { reason } : {}) };
}

/** A dataset edit the lock can name (examples removed, reordered, reweighed), else undefined. */
export function namedDatasetEdit(compiled: CompiledPlan, lock: Lockfile): string | undefined {
  const locked = lockedExampleIds(lock);
  const name = datasetNamer(compiled);
  const removed: string[] = [];
  const removedFrom: string[] = [];
  const reordered: string[] = [];
  for (const d of compiled.resolved.datasets) {
    const before = locked.get(`${d.taskId}/${d.datasetId}`);
    if (!before) continue;
    const now = d.examples.map((e) => e.id);
    const present = new Set(now);
    const gone = before.filter((id) => !present.has(id));
    removed.push(...gone.map((id) => `${name(d.taskId, d.datasetId)}/${id}`));
    removedFrom.push(...gone.map(() => `${d.taskId}/${d.datasetId}`));
    const kept = new Set(before);
    const order = now.filter((id) => kept.has(id));
    const stayed = before.filter((id) => present.has(id));
    if (gone.length === 0 && order.some((id, i) => id !== stayed[i]))
      reordered.push(name(d.taskId, d.datasetId));
  }
  if (removed.length > 0)
    return `because ${removed.length === 1 ? 'an example' : `${removed.length} examples`} left ${theDatasets(removedFrom)} (${named(removed)}): ${resultsLeave(compiled, removed.length === 1 ? 'its' : 'their')}`;
  if (reordered.length > 0)
    return `because the examples of ${named(reordered)} were reordered (the bootstrap CIs resample in file order)`;
  // An example's weight, which the lock's rows record (QA119: it read "e.g. example weights" only).
  const weighed = weightChanges(compiled, lock);
  if (weighed.length > 0) return `because example weights changed (${named(weighed)})`;
  return undefined;
}

/** `dataset/example w → w'` for each example whose weight differs from the one evalc.lock's rows record. */
function weightChanges(compiled: CompiledPlan, lock: Lockfile): string[] {
  const recorded = new Map<string, number>();
  for (const row of lock.results) {
    const group = lock.groups[row.group];
    if (group && row.weight !== undefined)
      recorded.set(`${group.task}/${group.dataset}\u0000${row.example}`, row.weight);
  }
  const name = datasetNamer(compiled);
  const changed: string[] = [];
  for (const d of compiled.resolved.datasets)
    for (const e of d.examples) {
      const was = recorded.get(`${d.taskId}/${d.datasetId}\u0000${e.id}`);
      if (was !== undefined && was !== e.weight)
        changed.push(`${name(d.taskId, d.datasetId)}/${e.id} ${was} → ${e.weight}`);
    }
  return changed;
}

/** Run settings the lock pins that change no step key: the results they change, said as such. */
export function runSettingsReason(compiled: CompiledPlan, lock: Lockfile): string | undefined {
  const change = runSettingsChange(compiled, lock);
  if (!change) return undefined;
  return `because ${change.text}${change.repeatsDropped ? '' : ': aggregates and gates are computed again'}`;
}

/**
 * The run settings edit (lowered run.repeats, seed, bootstrap, significance) as a clause, said
 * alone (runSettingsReason) or beside changed scores, where it moves every aggregate too (QA342:
 * `because scores changed` of 3 nodes, a seed edit beside a new example unsaid and its 6 uncounted).
 */
export function runSettingsChange(
  compiled: CompiledPlan,
  lock: Lockfile,
): { text: string; repeatsDropped: boolean } | undefined {
  const run = compiled.resolved.plan.run;
  const was = lock.run as Lockfile['run'] | undefined;
  if (!was) return undefined;
  const changed: string[] = [];
  if (run.seed !== was.seed) changed.push(`seed ${was.seed} → ${run.seed}`);
  if (run.bootstrap !== was.bootstrap) changed.push(`bootstrap ${was.bootstrap} → ${run.bootstrap}`);
  if (run.significance !== was.significance)
    changed.push(`significance ${was.significance} → ${run.significance}`);
  // Beside lowered repeats, a seed edited too is said (QA332: `run.repeats changed (3 → 2)` alone).
  const settings = changed.length === 0 ? undefined : `run settings changed (${changed.join('; ')})`;
  if (run.repeats < was.repeats) {
    const dropped = `run.repeats changed (${was.repeats} → ${run.repeats}): ${resultsLeave(compiled, "the dropped repeats'")}`;
    return { text: `${dropped}${settings ? `, and ${settings}` : ''}`, repeatsDropped: true };
  }
  return settings ? { text: settings, repeatsDropped: false } : undefined;
}

/**
 * Why the aggregates of a plan whose digest changed run again: the groups of the lock that left the
 * plan (an agent, task or dataset removed: their rows leave evalc.lock), else a change no step
 * sees, as `apply --locked` words it (QA47: both read "because the plan changed", nothing more).
 */
export function planChangeReason(
  compiled: CompiledPlan,
  lock: Lockfile,
  staleRuns = 0,
  unit = 'runs',
  staleGroups: Iterable<string> = [],
): string {
  const reason = planOnlyReason(compiled, lock, staleRuns, unit);
  // QA131: a dataset edit beside it (an example's weight) was not said: the dataset's reason is
  // read only when the plan digest is unchanged.
  // Examples joined from the cache beside it (run.repeats lowered) too (QA233: unsaid), and a field
  // edited in another dataset beside those (QA247: unsaid, as bf41597 named the join alone).
  if (datasetsMatch(lock, compiled)) return reason;
  // An edit the cached runs evalc.lock does not record hold (a PR's second CI run, its lock main's)
  // is those runs, not a field no step reads (QA292: `q` edited read 'a field no step reads').
  const unrecorded =
    staleRuns > 0 ? { reason: unrecordedReason(staleRuns, unit), groups: staleGroups } : undefined;
  const edit = datasetEditReason(compiled, lock, unrecorded);
  if (edit === reason || edit.startsWith(`${reason}, and `)) return edit;
  return `${reason}, and ${edit.replace(/^because /, '')}`;
}

function planOnlyReason(compiled: CompiledPlan, lock: Lockfile, staleRuns: number, unit: string): string {
  const gone = goneGroupsReason(compiled, lock);
  if (gone) return `because ${gone}`;
  const metrics = removedMetricsReason(compiled, lock);
  return (
    runSettingsReason(compiled, lock) ??
    (metrics ? `because ${metrics}` : undefined) ??
    (staleRuns > 0
      ? (repeatsRaisedReason(compiled, lock, staleRuns) ?? unrecordedReason(staleRuns, unit))
      : unkeyedReason(compiled, lock))
  );
}

/**
 * The groups of evalc.lock that left the plan (an agent, task or dataset removed or renamed): their
 * rows leave evalc.lock. Also said beside steps that run (QA221: an agent renamed read "because
 * scores changed" alone, its old name's results leaving the lock unsaid).
 */
export function goneGroupsReason(compiled: CompiledPlan, lock: Lockfile): string | undefined {
  const plan = compiled.resolved.plan;
  // Under --only, the selection's groups alone: apply --only leaves the rest, and evalc.lock, as
  // they are (QA227: `plan --only t/d1` named a1/t/d2 too, "their results leave evalc.lock").
  const only = compiled.resolved.only;
  const [onlyTask, onlyDataset] = only?.split('/') ?? [];
  const gone = Object.values(lock.groups)
    .filter(
      (g) =>
        only === undefined ||
        (g.task === onlyTask && (onlyDataset === undefined || g.dataset === onlyDataset)),
    )
    .filter((g) => {
      const task = Object.hasOwn(plan.tasks, g.task) ? plan.tasks[g.task] : undefined;
      return !Object.hasOwn(plan.agents, g.agent) || !task || !Object.hasOwn(task.datasets, g.dataset);
    })
    .map((g) => `${g.agent}/${g.task}/${g.dataset}`)
    .sort();
  if (gone.length === 0) return undefined;
  const named = gone.slice(0, 3).join(', ') + (gone.length > 3 ? `, … (${gone.length - 3} more)` : '');
  return `${gone.length === 1 ? '1 group' : `${gone.length} groups`} left the plan (${named}): ${resultsLeave(compiled, gone.length === 1 ? 'its' : 'their')}`;
}

/** A plan edit no step key sees: named when the lock can tell it, else the kinds it may be. */
function unkeyedReason(compiled: CompiledPlan, lock: Lockfile): string {
  const edits = unkeyedPlanEdits(compiled, lock);
  if (edits.length > 0) return `because the plan changed (no step changes: ${named(edits)})`;
  // Under --only the edit may be one of another task's steps (QA167: a task's instructions edited
  // outside the selection read "e.g. a gate, a weight or a description").
  const only = compiled.resolved.only;
  return only !== undefined
    ? `because the plan changed (no step changes under --only ${only}: e.g. an edit outside it, a gate, a weight or a description)`
    : 'because the plan changed (no step changes: e.g. a gate, a weight or a description)';
}

/** Cached runs of this plan that evalc.lock does not record: apply writes them in, calling no agent. */
export function unrecordedReason(runs: number, unit: string): string {
  return `because evalc.lock does not record ${runs} cached ${unit === 'examples' ? (runs === 1 ? 'example' : 'examples') : runs === 1 ? 'run' : 'runs'} (from an \`apply --only\`, an earlier run whose lock was not kept, as in pull request CI, an apply before an edit was undone, or another plan on a shared cache): apply records ${runs === 1 ? 'it' : 'them'}, calling no agent`;
}

/**
 * Metrics evalc.lock scored that the plan no longer has (removed, or renamed: its `id:`), as
 * `task/metric`: their results leave evalc.lock, which `plan` said only as "scores changed" or "the
 * plan changed (no step changes …)" (QA115).
 */
export function removedMetricsReason(compiled: CompiledPlan, lock: Lockfile): string | undefined {
  const now = new Map(compiled.groups.map((cg) => [cg.group.id, new Set(cg.group.metrics.map((m) => m.id))]));
  const gone = new Set<string>();
  for (const [id, g] of Object.entries(lock.groups)) {
    const kept = now.get(id);
    if (!kept) continue;
    for (const metric of Object.keys(g.metrics)) if (!kept.has(metric)) gone.add(`${g.task}/${metric}`);
  }
  if (gone.size === 0) return undefined;
  const ids = [...gone].sort();
  return `${ids.length === 1 ? 'metric' : 'metrics'} ${named(ids)} left the plan: ${resultsLeave(compiled, ids.length === 1 ? 'its' : 'their')}`;
}

/**
 * `its results leave evalc.lock`; under --only, whose apply writes .evalc/evalc.only.lock and leaves
 * evalc.lock as it is, `its results are not in .evalc/evalc.only.lock, the lock apply --only writes`
 * (QA227: `plan --only t/d1` said they leave evalc.lock).
 */
function resultsLeave(compiled: CompiledPlan, whose: string): string {
  return compiled.resolved.only === undefined
    ? `${whose} results leave evalc.lock`
    : `${whose} results are not in .evalc/evalc.only.lock, the lock apply --only writes`;
}

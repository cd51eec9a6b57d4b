/**
 * Likely renames among the pins of two lockfiles: a dataset removed and one added with the same
 * sha256 (QA90), an agent removed and one added with the same identity digest (QA139), a task
 * removed and one added with the same datasets and metrics (QA150). Their
 * examples pair under neither name, so the diff says so beside both lines.
 */
import canonicalize from 'canonicalize';
import type { Lockfile } from './types.js';

/** What diff-comparability.ts lists (its ComparabilityIssue; not imported: no import cycle). */
interface Issue {
  kind: string;
  severity?: 'warning' | 'info';
  subject: string;
  new: string | null;
  old: string | null;
  message: string;
}

/**
 * A dataset removed and one added with the same sha256 — a dataset or task renamed in the PR: say
 * so, as its examples pair under neither name (QA90: two unrelated lines with one 64-digit hash).
 */
export function markRenamedDatasets(out: Issue[]): void {
  const added = out.filter((i) => i.kind === 'dataset_added');
  for (const gone of out.filter((i) => i.kind === 'dataset_removed')) {
    const twin = added.find((a) => a.new !== null && a.new === gone.old);
    if (!twin) continue;
    const note = (other: string) =>
      `; ${other} has the same sha256: renamed? Examples pair only under one name, so none of these is compared`;
    gone.message += note(twin.subject);
    twin.message += note(gone.subject);
  }
}

/**
 * An agent removed and one added with the same identity digest (protocol, endpoint, settings,
 * schema and version): an agent renamed in the PR. Its examples pair under neither id, so say so,
 * as for a renamed dataset (QA139: two unrelated lines, `a1: agent removed`, `b1: agent added`).
 */
export function markRenamedAgents(out: Issue[], old: Lockfile, now: Lockfile): void {
  const added = out.filter((i) => i.kind === 'agent_added');
  for (const gone of out.filter((i) => i.kind === 'agent_removed')) {
    const digest = old.agents[gone.subject]?.digest;
    if (digest === undefined) continue;
    const twins = added.filter((a) => now.agents[a.subject]?.digest === digest);
    const twin = twins[0];
    if (twins.length !== 1 || !twin) continue;
    const note = (other: string) =>
      `; ${other} has the same identity (digest ${digest.slice(0, 12)}…): renamed? Its examples pair under neither id, so none of them is compared`;
    gone.message += note(twin.subject);
    twin.message += note(gone.subject);
  }
}

/** What `markRenamedTasks` compares: a task's datasets (id and sha256) and metrics (id, version, config). */
function taskSignatures(lock: Lockfile): Map<string, string> {
  const parts = new Map<string, Set<string>>();
  for (const gid of Object.keys(lock.groups).sort()) {
    const g = lock.groups[gid];
    if (!g) continue;
    const set = parts.get(g.task) ?? new Set<string>();
    parts.set(g.task, set);
    set.add(`dataset\u0000${g.dataset}\u0000${g.datasetSha256}`);
    for (const [id, m] of Object.entries(g.metrics))
      set.add(
        `metric\u0000${id}\u0000${m.version}\u0000${canonicalize({ type: m.type, ...m.config }) ?? ''}`,
      );
  }
  return new Map([...parts].map(([task, set]) => [task, [...set].sort().join('\u0001')]));
}

/**
 * A task removed and one added with the same datasets (ids and sha256) and the same metrics (ids,
 * versions, settings): a task renamed in the PR. Its dataset and metric lines (one added and one
 * removed for each) are replaced by one line saying so, as a renamed dataset, metric or agent
 * gets (QA150: a renamed task of 4 metrics read as 10 unrelated lines, no hint among them).
 * One candidate each way only, as for metrics.
 */
export function markRenamedTasks(out: Issue[], old: Lockfile, now: Lockfile): void {
  const olds = taskSignatures(old);
  const news = taskSignatures(now);
  const removed = [...olds.keys()].filter((t) => !news.has(t));
  const added = [...news.keys()].filter((t) => !olds.has(t));
  for (const gone of removed) {
    const twins = added.filter((t) => news.get(t) === olds.get(gone));
    const twin = twins[0];
    if (twins.length !== 1 || twin === undefined) continue;
    if (removed.filter((t) => olds.get(t) === news.get(twin)).length !== 1) continue;
    const inTask = (i: Issue, task: string, kinds: readonly string[]) =>
      kinds.includes(i.kind) && i.subject.startsWith(`${task}/`);
    const folded = (i: Issue) =>
      inTask(i, gone, ['dataset_removed', 'metric_removed']) ||
      inTask(i, twin, ['dataset_added', 'metric_added']);
    const at = out.findIndex(folded);
    if (at === -1) continue;
    const datasets = Object.keys(now.datasets).filter((id) => id.startsWith(`${twin}/`)).length;
    const metrics = out.filter((i) => inTask(i, twin, ['metric_added'])).length;
    const line = {
      kind: 'task_renamed',
      severity: 'warning' as const,
      subject: twin,
      old: gone,
      new: twin,
      message: `${gone} → ${twin}: task removed and one added with the same ${datasets === 1 ? 'dataset' : `${datasets} datasets`} and ${metrics === 1 ? 'metric' : `${metrics} metrics`} (ids, contents, settings): renamed? Its examples pair under neither name, so none of them is compared`,
    };
    const kept = out.filter((i) => !folded(i));
    kept.splice(at, 0, line);
    out.splice(0, out.length, ...kept);
  }
}

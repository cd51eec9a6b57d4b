/**
 * Examples both runs have whose row was edited in the pull request (QA139): new and gone rows were
 * named, an edited one only as its dataset's `sha256 changed`. An example counts as changed when its
 * dataset's sha256 changed and, for an agent whose identity, binding (input and output) and metrics
 * are the same in both runs, its invoke key differs (its rendered input or script changed) or a
 * metric's score key differs over the same invoke (its expected value or another field changed),
 * or its `weight`, which each run's row records, differs (QA147: it is in no key, and a row
 * re-weighted 1 → 3 moved every aggregate while the diff named only the dataset's sha256).
 * Nothing is named across evalc versions (the code version is in every key) or a run setting
 * (repeats aside) or judge that changed, which move keys of unedited examples too, nor, for an agent
 * sent the task's instructions (raip, mae), rows of a plan edit that moved every row's invoke key.
 */
import canonicalize from 'canonicalize';
import type { Row } from './diff-rows.js';
import type { Lockfile, LockGroup, LockMetricResult } from './types.js';

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function sameGroup(o: LockGroup | undefined, n: LockGroup | undefined): boolean {
  return (
    o !== undefined &&
    n !== undefined &&
    o.agentDigest === n.agentDigest &&
    o.binding === n.binding &&
    o.inputDigest === n.inputDigest &&
    o.outputDigest === n.outputDigest
  );
}

/** Every metric of the group pinned alike: a threshold or metric edit moves derived keys (pass_rate). */
function sameMetrics(o: LockGroup, n: LockGroup): boolean {
  const ids = [...new Set([...Object.keys(o.metrics), ...Object.keys(n.metrics)])];
  return ids.every(
    (id) => o.metrics[id] !== undefined && canonicalize(o.metrics[id]) === canonicalize(n.metrics[id]),
  );
}

/** The protocols whose requests may carry the task's instructions (raip's context, mae's task text). */
const SENT_INSTRUCTIONS = new Set(['raip', 'mae']);

/** Whether a row's invoke key differs in some repeat both runs recorded one for. */
function movedInvoke(o: Row, n: Row): boolean {
  const repeats = Math.min(o.result.invoke.length, n.result.invoke.length);
  for (let i = 0; i < repeats; i++) {
    const a = o.result.invoke[i];
    const b = n.result.invoke[i];
    // A failed invoke records no key: nothing to compare.
    if (a && b && a !== b) return true;
  }
  return false;
}

const scoreKeys = (m: LockMetricResult | undefined): string[] => m?.keys ?? (m?.key ? [m.key] : []);

export function changedExamples(old: Lockfile, now: Lockfile, paired: [Row, Row][]): string[] {
  if (old.evalc !== now.evalc || old.run?.seed !== now.run?.seed || old.run?.trace !== now.run?.trace)
    return [];
  if (canonicalize(old.judges ?? {}) !== canonicalize(now.judges ?? {})) return [];
  const out = new Set<string>();
  const planEdited = old.plan.digest !== now.plan.digest;
  // Per group pair, whether every paired row's invoke key moved (built once, on first need).
  let groupsMoved: Map<string, boolean> | undefined;
  const everyRowMoved = (o: Row, n: Row): boolean => {
    if (!SENT_INSTRUCTIONS.has(now.agents[n.agent]?.protocol ?? '')) return false;
    if (groupsMoved === undefined) {
      groupsMoved = new Map();
      for (const [po, pn] of paired) {
        const key = `${po.group}\u0000${pn.group}`;
        groupsMoved.set(key, (groupsMoved.get(key) ?? true) && movedInvoke(po, pn));
      }
    }
    return groupsMoved.get(`${o.group}\u0000${n.group}`) === true;
  };
  // Per group, not per row: a large dataset's rows share their group's pins.
  const metricsAlike = new Map<string, boolean>();
  const alike = (gid: string, og: LockGroup, ng: LockGroup): boolean => {
    let same = metricsAlike.get(gid);
    if (same === undefined) metricsAlike.set(gid, (same = sameMetrics(og, ng)));
    return same;
  };
  for (const [o, n] of paired) {
    const dataset = `${n.task}/${n.dataset}`;
    const od = old.datasets[dataset];
    const nd = now.datasets[dataset];
    if (!od || !nd || od.sha256 === nd.sha256) continue;
    const id = `${dataset}/${n.result.example}`;
    if (o.result.weight !== n.result.weight) {
      out.add(id);
      continue;
    }
    const og = old.groups[o.group];
    const ng = now.groups[n.group];
    if (!og || !ng || !sameGroup(og, ng)) continue;
    const sameInvokes = !movedInvoke(o, n);
    // A task's instructions are in the invoke key of an agent sent them and in no group pin: with
    // the plan edited and every row's key moved, they may have moved them (QA162: `instructions`
    // edited and a row appended named every unedited row "changed"); not told apart from row edits.
    if (!sameInvokes && planEdited && everyRowMoved(o, n)) continue;
    if (!sameInvokes) {
      out.add(id);
      continue;
    }
    if (!alike(`${o.group}\u0000${n.group}`, og, ng)) continue;
    for (const metric of Object.keys(n.result.metrics)) {
      const a = scoreKeys(o.result.metrics[metric]);
      const b = scoreKeys(n.result.metrics[metric]);
      const len = Math.min(a.length, b.length);
      if (a.slice(0, len).some((k, i) => k !== b[i])) {
        out.add(id);
        break;
      }
    }
  }
  return [...out].sort(byText);
}

/** Each dataset's example ids in file order, from its first group (by id) in the lock. */
function exampleOrder(lock: Lockfile, dataset: string): string[] | null {
  const gid = Object.keys(lock.groups)
    .filter((g) => `${lock.groups[g]?.task}/${lock.groups[g]?.dataset}` === dataset)
    .sort(byText)[0];
  if (gid === undefined) return null;
  const ids: string[] = [];
  for (const r of lock.results) if (r.group === gid) ids.push(r.example);
  return ids;
}

/**
 * A dataset whose sha256 changed while it holds the same example ids, in another order, and no
 * example of it changed: say so beside its `sha256 changed` (QA139: a reordered file read as an
 * unexplained content change; `plan` says `because the examples of d were reordered`).
 */
export function markReorderedDatasets(
  issues: { kind: string; subject: string; message: string }[],
  old: Lockfile,
  now: Lockfile,
  changed: readonly string[],
): void {
  for (const issue of issues) {
    if (issue.kind !== 'dataset_sha256') continue;
    const dataset = issue.subject;
    if (changed.some((id) => id.startsWith(`${dataset}/`))) continue;
    const a = exampleOrder(old, dataset);
    const b = exampleOrder(now, dataset);
    if (!a || !b || a.length !== b.length || a.length === 0) continue;
    if (a.every((id, i) => id === b[i])) continue;
    const sorted = (ids: string[]) => [...ids].sort(byText).join('\u0000');
    if (sorted(a) !== sorted(b)) continue;
    issue.message += ` (the same ${a.length} example ids in another order: the bootstrap CIs resample in file order)`;
  }
}

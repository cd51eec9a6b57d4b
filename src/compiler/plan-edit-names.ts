/**
 * Plan edits that change no step key but that evalc.lock records, named for `plan`'s aggregate row:
 * a dataset file moved with the same content, a task's or dataset's `weight`, the benchmark's
 * `version`, a gate added, removed or given another bound, a template that renders the same inputs. Before QA119 each read "because the plan changed (no step changes: e.g. a gate, a
 * weight or a description)", naming none.
 */

import { showOnOneLine } from '../lockfile/control-chars.js';
import type { Lockfile } from '../lockfile/types.js';
import { credentialNote, maskUrlQueryCredentials } from '../plan/url-secrets.js';
import { codePointCut } from '../protocols/quote-cut.js';
import type { CompiledPlan } from './compile.js';
import { recordedUrl } from './identities.js';
import { gateEdits } from './plan-gate-edits.js';

const LONGEST = 80;

/**
 * A value the user wrote (a version, a file name) as a reason quotes it: on one line, its control
 * characters spelt `\u001b` and a line feed `\n`, and cut at 80 characters (QA124: a version holding
 * a line feed printed a line of its own in `plan`'s row, a 3,000-character one a 3,000-character row).
 */
export function quotedOnOneLine(value: string): string {
  const text = showOnOneLine(value);
  // Cut at a code point (QA129: an emoji at the cut was written as U+FFFD by plan, \ud83d by --json).
  return text.length > LONGEST ? `${codePointCut(text, LONGEST - 1)}…` : text;
}

export function unkeyedPlanEdits(compiled: CompiledPlan, lock: Lockfile): string[] {
  const edits = new Set<string>();
  const plan = compiled.resolved.plan;
  const locked = lock.plan?.benchmark?.version;
  if (locked !== undefined && locked !== plan.benchmark.version)
    edits.add(
      `benchmark.version ${quotedOnOneLine(String(locked))} → ${quotedOnOneLine(String(plan.benchmark.version))}`,
    );
  // Run settings the lock records: `plan` says them on their own (aggregate-reason.ts) or as new
  // repeats; `apply --locked` said "no step changes: e.g. a description or a gate" of them, even of
  // more repeats, which run steps (QA124).
  const run = lock.run as Lockfile['run'] | undefined;
  if (run)
    for (const key of ['repeats', 'seed', 'bootstrap', 'significance'] as const)
      if (run[key] !== undefined && run[key] !== plan.run[key])
        edits.add(`run.${key} ${String(run[key])} → ${String(plan.run[key])}`);
  for (const d of compiled.resolved.datasets) {
    const pinned = lock.datasets[`${d.taskId}/${d.datasetId}`];
    const source = d.source.startsWith('http') ? recordedUrl(d.source) : d.source;
    if (pinned && pinned.sha256 === d.sha256 && pinned.source !== source)
      edits.add(
        `tasks.${d.taskId}.datasets.${d.datasetId}.source ${sourceChange(pinned.source, source)}, same content`,
      );
  }
  for (const { group } of compiled.groups) {
    const was = lock.groups[group.id];
    if (!was) continue;
    const taskWeight = plan.tasks[group.taskId]?.weight;
    if (was.taskWeight !== taskWeight)
      edits.add(`tasks.${group.taskId}.weight ${String(was.taskWeight)} → ${String(taskWeight)}`);
    if (was.datasetWeight !== group.dataset.weight)
      edits.add(
        `tasks.${group.taskId}.datasets.${group.datasetId}.weight ${String(was.datasetWeight)} → ${String(group.dataset.weight)}`,
      );
  }
  // A template edited without changing what it renders (whitespace inside `{{ }}`, an `unless` for an `if`).
  for (const { group } of compiled.groups) {
    const was = lock.groups[group.id];
    if (was && was.binding === group.bindingName && was.inputDigest !== group.templateDigest)
      edits.add(`tasks.${group.taskId}.bindings.${group.bindingName}.input, which renders the same inputs`);
  }
  // A metric's threshold or gate (not in its key): a pass_rate re-scores and names it on its own row;
  // without one, this is the only row (QA124: it read "e.g. a gate, a weight or a description").
  for (const { group } of compiled.groups)
    for (const m of group.metrics) {
      const was = lock.groups[group.id]?.metrics[m.id]?.config as Record<string, unknown> | undefined;
      if (!was) continue;
      const now = m.config as Record<string, unknown>;
      for (const key of ['threshold', 'gate'])
        if (String(was[key] ?? 'none') !== String(now[key] ?? 'none'))
          edits.add(
            `${group.taskId}/${m.id} ${key} ${String(was[key] ?? 'none')} → ${String(now[key] ?? 'none')}`,
          );
    }
  for (const edit of gateEdits(compiled, lock)) edits.add(edit);
  return [...edits];
}

/**
 * A dataset source evalc.lock recorded and the one this evalc records, as plan and `apply --locked`
 * quote them: the lock's query credential `***` (an evalc before 8fef19a wrote `?sig=<value>`,
 * which this printed on stdout; QA168), or a note when it was the only difference.
 */
export function sourceChange(locked: string, now: string): string {
  const was = maskUrlQueryCredentials(locked);
  return was === now
    ? credentialNote(locked, 'the plan digest')
    : `${quotedOnOneLine(was)} → ${quotedOnOneLine(now)}`;
}

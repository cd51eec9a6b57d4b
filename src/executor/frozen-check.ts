/**
 * `apply --frozen` calls no agent and no judge: every agent response and judge score the run
 * needs must be in the cache, else it refuses, naming what is missing (counted per group).
 */

import path from 'node:path';
import type { AgentPin, CompiledPlan } from '../compiler/compile.js';
import { judgeInputLimit, overLimitInput } from '../compiler/judge-input-reason.js';
import { groupSteps } from '../compiler/step-keys.js';
import { danglingLockLink } from '../lockfile/read-lock-text.js';
import { readLockFile } from '../lockfile/serialize.js';
import type { Lockfile } from '../lockfile/types.js';
import type { Plan } from '../plan/schema.js';
import type { StepError } from '../protocols/types.js';
import { EVALC_VERSION } from '../version.js';
import type { ApplyOutcome } from './apply-types.js';
import type { LogStore } from './cache-store.js';
import { instructionChanges, missingInvokes, missingJudgeScores } from './locked-inputs.js';
import { isDefinitiveFailure, lastErrorKey } from './step-records.js';

/**
 * The refused outcome, or undefined when the cache holds everything. Its hint (cli/refusal-hint.ts)
 * follows the cause: steps that failed in the run that wrote evalc.lock (a transient failure is
 * never cached: no cache answers them), a lock of another evalc version (keys may have changed), or
 * else a cache to restore (QA81).
 */
export function frozenRefusal(
  compiled: CompiledPlan,
  store: LogStore,
  plan: Plan,
  lockedPins: Record<string, AgentPin>,
  lockFile: string,
  previousLock: Lockfile | undefined,
): ApplyOutcome | undefined {
  const message = frozenMessage(compiled, store, plan, lockedPins, lockFile, previousLock);
  if (message === undefined) return undefined;
  const writtenBy = previousLock?.evalc;
  // Keys hold each step's code version, not evalc's: when evalc.lock records every missing step
  // under the key this evalc computes, the earlier evalc's cache holds them — the upgrade is not
  // why they are missing, and the hint says to restore that cache (QA83).
  const otherVersion = writtenBy !== undefined && writtenBy !== EVALC_VERSION && !message.allKeysInLock;
  return {
    status: 'refused',
    reason: 'frozen',
    message: message.text,
    ...(message.allFailedInLock ? { lockFailures: true } : {}),
    ...(message.rekeyed ? { lockRekeyed: true } : {}),
    ...(otherVersion ? { lockWrittenBy: writtenBy } : {}),
  };
}

function frozenMessage(
  compiled: CompiledPlan,
  store: LogStore,
  plan: Plan,
  lockedPins: Record<string, AgentPin>,
  lockFile: string,
  previousLock: Lockfile | undefined,
): { text: string; allFailedInLock: boolean; allKeysInLock: boolean; rekeyed: boolean } | undefined {
  const lockName = path.basename(lockFile);
  const missing = missingInvokes(compiled, store);
  const unjudged = missing.length > 0 ? [] : missingJudgeScores(compiled, store);
  if (missing.length === 0 && unjudged.length === 0) return undefined;
  const what =
    missing.length > 0
      ? `${missing.length} agent ${missing.length === 1 ? 'response is' : 'responses are'} not cached`
      : `${unjudged.length} judge ${unjudged.length === 1 ? 'score is' : 'scores are'} not cached (--frozen calls no judge either)`;
  // A RAIP agent's identity (schema digest, version) comes from /info, which --frozen does
  // not ask: without its pin in evalc.lock its cached answers cannot be found by key.
  const agentIds = [...new Set(compiled.groups.map((g) => g.group.agentId))].sort();
  const unpinned = agentIds.filter(
    (id) => plan.agents[id]?.protocol === 'raip' && lockedPins[id] === undefined,
  );
  const hint =
    missing.length > 0 && unpinned.length > 0
      ? `\n${unpinned.join(', ')}: no identity pinned in ${lockName}${linkNote(lockFile)} (--frozen does not ask /info), so cached answers cannot be matched; run apply once without --frozen, or commit evalc.lock`
      : '';
  const steps = [...missing, ...unjudged];
  // QA174: judge scores the run that wrote the lock failed to get (a judge's failure is never cached)
  // were told to restore a cache, which holds none of them.
  const failed: { count: number; kinds: string; sameKey: number; overLimit?: OverLimit } =
    missing.length > 0
      ? failedInLock(compiled, missing, lockFile)
      : judgeFailuresInLock(compiled, store, lockFile);
  const failedNote =
    failed.count > 0
      ? `\n${failed.count === steps.length ? (steps.length === 1 ? 'it' : 'all of them') : `${failed.count} of them`} failed in the run that wrote ${lockName} (${failed.kinds}): ${missing.length > 0 ? 'a transient failure' : "a judge's failure"} is never cached, so no cache answers ${failed.count === 1 ? 'it' : 'them'}${overLimitNote(failed.overLimit, failed.count)}`
      : '';
  // Answers the lock records under other keys, their inputs unchanged: the request changed (an
  // upgrade's wire tag, the task's instructions), so no cache of the run that wrote it holds them
  // (QA156: the hint said to restore that cache, and plan's reason was said nowhere).
  const rekeyed =
    missing.length > 0 && failed.sameKey < missing.length && previousLock !== undefined
      ? instructionChanges(compiled, previousLock, lockFile, new Set(missing.map(groupOf)))
      : [];
  const rekeyedNote =
    rekeyed.length > 0
      ? `\nthe requests changed since ${lockName} was written, so no cache of the run that wrote it answers them:\n  ${rekeyed.join('\n  ')}`
      : '';
  return {
    text: `--frozen: ${what}${perGroup(steps)}, e.g.:\n  ${steps.slice(0, 20).join('\n  ')}${hint}${failedNote}${rekeyedNote}`,
    allFailedInLock: failed.count > 0 && failed.count === steps.length,
    allKeysInLock: missing.length > 0 && failed.sameKey === missing.length,
    rekeyed: rekeyed.length > 0,
  };
}

/**
 * Missing invokes that evalc.lock records as failed under the same key (the run that wrote it was
 * asked that very request and failed: a transient failure is never cached), and their kinds (`http_500 9`);
 * `sameKey`: the missing invokes evalc.lock records under the same key, failed or answered.
 */
function failedInLock(
  compiled: CompiledPlan,
  missing: string[],
  lockFile: string,
): { count: number; kinds: string; sameKey: number } {
  if (missing.length === 0) return { count: 0, kinds: '', sameKey: 0 };
  // The header apply read has no results: read them, on this refusal only.
  const read = readLockFile(lockFile);
  if (!read.ok) return { count: 0, kinds: '', sameKey: 0 };
  const lock = read.lock;
  const wanted = new Set(missing);
  const rows = new Map(lock.results.map((r) => [`${r.group}\u0000${r.example}`, r]));
  const kinds = new Map<string, number>();
  let count = 0;
  let sameKey = 0;
  for (const cg of compiled.groups) {
    for (const step of groupSteps(cg.group, cg.keys)) {
      if (!step.invokeKey || !wanted.has(`invoke/${step.id}`)) continue;
      const row = rows.get(`${cg.group.id}\u0000${step.example.id}`);
      if (row?.invoke[step.repeat] !== step.invokeKey) continue;
      sameKey++;
      const kind = row.errors?.[step.repeat];
      if (typeof kind !== 'string') continue;
      // A definitive failure is cached like an answer, and so is an answer whose extraction failed
      // (as up-to-date.ts keeps it): missing, it is a cache not restored (QA107).
      if (kind === 'extraction_failed') continue;
      if (isDefinitiveFailure({ kind, message: '', retryable: false } as StepError)) continue;
      count++;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
  }
  const listed = [...kinds].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  return { count, kinds: listed.map(([k, n]) => `${k} ${n}`).join(', '), sameKey };
}

/** The group of a missing step: `a1/t1/d1` of `invoke/a1/t1/d1/e3#0`. */
function groupOf(step: string): string {
  return step.split('/').slice(1, 4).join('/');
}

/** ` (a1/t1/d1: 20, a2/t1/d1: 5)`: missing steps (`invoke/a1/t1/d1/e3#0`) counted by group. */
function perGroup(steps: string[]): string {
  const counts = new Map<string, number>();
  for (const step of steps) {
    const group = groupOf(step);
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  if (counts.size < 2) return '';
  const shown = [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).slice(0, 10);
  return ` (${shown.map(([g, n]) => `${g}: ${n}`).join(', ')}${counts.size > 10 ? ', …' : ''})`;
}

/**
 * Of the judge scores the cache lacks, those evalc.lock records as failed: its metric lists the
 * same score keys and counts at least as many failed repeats for that example as are missing (a
 * judge's failure is never cached as a score, so each failed repeat is one missing score).
 */
function judgeFailuresInLock(
  compiled: CompiledPlan,
  store: LogStore,
  lockFile: string,
): { count: number; kinds: string; sameKey: number; overLimit?: OverLimit } {
  const read = readLockFile(lockFile);
  if (!read.ok) return { count: 0, kinds: '', sameKey: 0 };
  const overLimit: OverLimit = { count: 0, judges: new Set() };
  const rows = new Map(read.lock.results.map((r) => [`${r.group}\u0000${r.example}`, r]));
  const kinds = new Map<string, number>();
  let count = 0;
  for (const cg of compiled.groups) {
    const judged = cg.group.metrics.filter((m) => m.judgeId);
    if (judged.length === 0) continue;
    // Per example and metric: the missing score keys, and whether the lock lists each of them.
    const absent = new Map<string, { keys: string[]; listed: boolean; judge: string }>();
    for (const step of groupSteps(cg.group, cg.keys)) {
      const row = rows.get(`${cg.group.id}\u0000${step.example.id}`);
      for (const m of judged) {
        const key = step.scoreKeys[m.id];
        if (key === undefined || store.has(key)) continue;
        const locked = row?.metrics[m.id];
        const at = `${step.example.id}\u0000${m.id}`;
        const entry = absent.get(at) ?? { keys: [], listed: true, judge: m.judgeId! };
        entry.keys.push(key);
        entry.listed &&= (locked?.keys ?? (locked?.key ? [locked.key] : [])).includes(key);
        absent.set(at, entry);
      }
    }
    for (const [at, { keys, listed, judge }] of absent) {
      const [example, metric] = at.split('\u0000') as [string, string];
      const locked = rows.get(`${cg.group.id}\u0000${example}`)?.metrics[metric];
      if (!listed || !locked?.error || (locked.errors ?? 0) < keys.length) continue;
      count += keys.length;
      kinds.set(locked.error, (kinds.get(locked.error) ?? 0) + keys.length);
      // Only those the limit in the plan still refuses: one since raised is judged by a plain apply (QA324).
      const limit = judgeInputLimit(compiled.resolved.plan, judge);
      for (const key of keys) {
        const recorded = overLimitInput(store.get<{ error?: StepError }>(lastErrorKey(key))?.error);
        if (recorded === undefined || recorded.inputBytes <= limit) continue;
        overLimit.count++;
        overLimit.judges.add(judge);
      }
    }
  }
  const listed = [...kinds].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  const kindsText = listed.map(([k, n]) => `${k} ${n}`).join(', ');
  return { count, kinds: kindsText, sameKey: 0, ...(overLimit.count > 0 ? { overLimit } : {}) };
}

/** Judge scores whose input was over their judge's `limits.maxInputBytes` (QA317), and those judges. */
interface OverLimit {
  count: number;
  judges: Set<string>;
}

/**
 * QA317: a judge score refused for its input's size fails the same way on every apply until the
 * limit is raised; "run apply without --frozen" alone would record it failed again.
 */
function overLimitNote(overLimit: OverLimit | undefined, failed: number): string {
  if (overLimit === undefined) return '';
  const judges = [...overLimit.judges].sort();
  const names = judges.map((id) => `judges.${id}.limits.maxInputBytes`).join(', ');
  const n = overLimit.count;
  const whose =
    n === failed ? (n === 1 ? 'its' : 'the judge input of each') : `the judge input of ${n} of them`;
  return `; ${whose === 'its' ? 'its judge input' : whose} was over ${names}, so it was never sent: an apply without --frozen fails ${n === 1 ? 'it' : 'them'} again unless ${judges.length === 1 ? 'that limit is' : 'those limits are'} raised`;
}

/** A lock that is a link to nothing read as no lock, its target unsaid (QA223). */
function linkNote(lockFile: string): string {
  const dangling = danglingLockLink(lockFile);
  return dangling ? ` (${dangling.replace(/^no lockfile at .*?: it is /, 'it is ')})` : '';
}

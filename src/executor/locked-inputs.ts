/** What apply reads from the previous lockfile: its pins, drift against them, and what --frozen would miss. */

import { accessSync, constants, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { goneGroupsReason } from '../compiler/aggregate-reason.js';
import type { AgentPin, CompiledPlan } from '../compiler/compile.js';
import { recordedUrl } from '../compiler/identities.js';
import { instructionsOrRowsReason } from '../compiler/instructions-or-rows.js';
import { numericVersionChange } from '../compiler/numeric-version.js';
import { sourceChange, unkeyedPlanEdits } from '../compiler/plan-edit-names.js';
import { groupReasons, planChanges } from '../compiler/plan-reasons.js';
import { groupSteps } from '../compiler/step-keys.js';
import { RECREATE_WITH_APPLY } from '../lockfile/check-shape.js';
import { danglingLockLink, irregularLockFile } from '../lockfile/read-lock-text.js';
import { readLockFile, readLockHeader, SHAPE_ADVICE } from '../lockfile/serialize.js';
import type { Lockfile } from '../lockfile/types.js';
import { withoutUrlCredentials } from '../plan/url-secrets.js';
import { byText } from '../reports/format.js';
import type { ApplyOutcome } from './apply-types.js';
import type { LogStore } from './cache-store.js';
import type { JudgeRuntime } from './judges.js';
import type { ExtractRecord } from './step-records.js';

/** The apply that reads the lock, when it does not write it: its advice says so. */
export type LockReader = 'locked' | 'only';

/** Which of those an apply is (`--locked` first: with `--only` too, it still writes no lock). */
export function lockReaderOf(options: {
  locked?: boolean | undefined;
  only?: unknown;
}): LockReader | undefined {
  if (options.locked) return 'locked';
  return options.only ? 'only' : undefined;
}

/**
 * The previous lockfile without its per-example results and aggregates: apply needs only its
 * pins (agents, judges, datasets, plan digest), and at 100k examples the results are most of
 * the heap, which an async function's locals would otherwise keep alive for the whole run.
 */
export function readPreviousPins(
  file: string,
  /** Where the command runs: the restore command names the lock from there (QA180). */
  cwd?: string,
  /** The run that refuses it: `--locked` or `--only`, which do not write this lock (QA197, QA200). */
  run?: LockReader,
): { ok: true; lock: Lockfile | undefined } | { ok: false; message: string; unreadable?: true } {
  // A FIFO hung the read below (QA201); a folder is refused in apply's words (EISDIR, --locked's).
  const irregular = irregularLockFile(file, { folders: false });
  if (irregular) return { ok: false, message: irregular };
  const read = readLockHeader(file);
  if (read.ok) return { ok: true, lock: { ...read.lock, results: [], aggregates: {} } };
  if (read.missing) return { ok: true, lock: undefined };
  // One that cannot be read is not overwritten either; its message says why (QA188).
  if (read.unreadable) return { ok: false, message: read.message, unreadable: true };
  return { ok: false, message: damagedLockMessage(file, cwd, read.message, run) };
}

/**
 * Apply's refusal of its own damaged lock (cut short, hand-edited), which it does not overwrite, with
 * the way out (QA69); also when only a row is damaged and an up-to-date apply reads the rows (QA192:
 * it gave the readers' advice there, without the restore command). Conflict markers have their own.
 */
export function damagedLockMessage(
  file: string,
  cwd: string | undefined,
  message: string,
  run?: LockReader,
): string {
  // Its `git checkout --ours -- <lock>` names the lock from where apply runs (QA209).
  if (message.includes('merge conflict markers')) return message.replace('<lock>', restorePath(file, cwd));
  const locked = run === 'locked';
  // --only writes .evalc/evalc.only.lock: deleted, evalc.lock is written again by an apply without
  // it (QA200: it read 'apply then writes it again', and apply --only ran on, leaving none).
  const apply = run === 'only' ? '`evalc apply` without --only' : 'apply';
  // --locked checks against the lock as committed: deleted, there is none (QA197).
  if (locked && message.endsWith(RECREATE_WITH_APPLY))
    return `${message.slice(0, -RECREATE_WITH_APPLY.length)}: --locked checks this branch against the lock as committed`;
  // One from a newer evalc: restoring it brings back the same lock, and its 're-create it with
  // `evalc apply`' was this refusal again (QA192): upgrade, or delete it.
  if (message.endsWith(RECREATE_WITH_APPLY))
    return `${message.slice(0, -RECREATE_WITH_APPLY.length)}, or delete it: ${apply} then writes it again for this evalc, from the cache where it holds the steps`;
  // The shape problem's own advice said the same less precisely, beside this (QA177).
  const said = message.endsWith(SHAPE_ADVICE) ? message.slice(0, -SHAPE_ADVICE.length) : message;
  const restore = `${said}; restore it (\`git checkout -- ${restorePath(file, cwd)}\`)`;
  // --locked does not write the lock it checks against: deleting it leaves none (QA197).
  if (locked) return `${restore}: --locked checks this branch against it`;
  return `${restore} or delete it: ${apply} then writes it again, from the cache where it holds the steps`;
}

/**
 * The lock as `git checkout --` takes it from where apply runs: `evalc apply sub/evalc.yaml` was told
 * `git checkout -- evalc.lock`, which git refuses there ('pathspec did not match', QA180). Quoted for
 * a shell when it holds more than letters, digits and `_./-`.
 */
export function restorePath(file: string, cwd: string | undefined): string {
  const shown = (cwd === undefined ? '' : path.relative(cwd, file)) || path.basename(file);
  return /^[\w./-]+$/.test(shown) ? shown : `'${shown.replace(/'/g, `'\\''`)}'`;
}

export function pinsOf(lock: Lockfile | undefined): Record<string, AgentPin> {
  // No prototype: an agent id the lock lacks (`toString`, `valueOf`) is undefined here, not a
  // built-in function whose `name` would be pinned as the agent's name (QA35).
  const pins = Object.create(null) as Record<string, AgentPin>;
  for (const [id, a] of Object.entries(lock?.agents ?? {})) {
    pins[id] = {
      ...(a.name ? { name: a.name } : {}),
      // Only RAIP discovers a version (/info); another agent's is its plan's `version:`, already in
      // its config digest, and pinned as well it changed the keys plan and --frozen computed (QA115).
      ...(a.version && a.protocol === 'raip' ? { version: a.version, lockedDigest: a.digest } : {}),
      ...(a.schemaDigest ? { schemaDigest: a.schemaDigest } : {}),
      ...(a.etag ? { etag: a.etag } : {}),
    };
  }
  return pins;
}

/**
 * Groups whose invoke keys differ from the lock's rows while their template, agent, dataset and
 * trace are as pinned: the task's instructions changed (the lock keeps no copy of them, only the
 * keys), or evalc keys the request anew (a wire tag, plan-reasons.ts). Read from the whole lockfile,
 * only when the plan digest already differs (QA49: `--locked` said "no step changes" of a PR that
 * re-ran every invoke of a task), or for the groups `--frozen` misses answers of (`only`, QA156).
 * With `besideRowEdits`, also a group whose dataset changed too and every row's key moved.
 */
export function instructionChanges(
  compiled: CompiledPlan,
  lock: Lockfile,
  lockFile: string | undefined,
  only?: ReadonlySet<string>,
  /** Also a dataset edit beside which every row's request moved (`--locked`'s refusal, QA167). */
  besideRowEdits = false,
): string[] {
  if (lockFile === undefined) return [];
  const read = readLockFile(lockFile);
  if (!read.ok) return [];
  const rows = new Map(read.lock.results.map((r) => [`${r.group}\u0000${r.example}`, r]));
  const out: string[] = [];
  for (const cg of compiled.groups) {
    if (only !== undefined && !only.has(cg.group.id)) continue;
    const why = groupReasons(cg, lock, compiled);
    if (why.invoke) continue;
    const changedInput =
      why.changedInput ?? (besideRowEdits ? instructionsOrRowsReason(cg, lock, compiled, rows) : undefined);
    if (!changedInput) continue;
    for (const step of groupSteps(cg.group, cg.keys)) {
      const pinned = rows.get(`${cg.group.id}\u0000${step.example.id}`)?.invoke[step.repeat];
      if (pinned && step.invokeKey && pinned !== step.invokeKey) {
        const target = `${cg.group.taskId}/${cg.group.datasetId}[${cg.group.agentId}]`;
        const reason = (step.instructionsUnsent ? why.unsentInput : undefined) ?? changedInput;
        out.push(`${target}: ${reason.replace(/^because /, '')}`);
        break;
      }
    }
  }
  return out;
}

const EDITS_SHOWN = 8;

/** `--locked` with no evalc.lock beside the plan: nothing pinned, so nothing "changed". */
const NO_LOCK = 'no evalc.lock to check against';
/** `--locked` with an evalc.lock that is there but cannot be read: it said there was none (QA188). */
const UNREADABLE_LOCK = 'evalc.lock beside the plan cannot be read';

/** Why no lock was read: none, a folder named evalc.lock, or a file this user may not read. */
function noLockReason(lockFile: string | undefined): string {
  if (lockFile === undefined) return NO_LOCK;
  if (!existsSync(lockFile)) return danglingLockLink(lockFile) ?? NO_LOCK;
  if (statSync(lockFile).isDirectory()) return `${UNREADABLE_LOCK}: it is a folder, not a file`;
  try {
    accessSync(lockFile, constants.R_OK);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code === 'EACCES' || code === 'EPERM') return `${UNREADABLE_LOCK} (permission denied)`;
    return `${UNREADABLE_LOCK} (${String(code)})`;
  }
  return NO_LOCK;
}

export function datasetDrift(
  compiled: CompiledPlan,
  lock: Lockfile | undefined,
  lockFile?: string,
): string[] {
  if (!lock) return [noLockReason(lockFile)];
  const drift: string[] = [];
  for (const d of compiled.resolved.datasets) {
    const pinned = lock.datasets[`${d.taskId}/${d.datasetId}`];
    if (!pinned) drift.push(`dataset ${d.taskId}/${d.datasetId} is not in evalc.lock`);
    else if (pinned.sha256 !== d.sha256)
      drift.push(
        `dataset ${d.taskId}/${d.datasetId}: sha256 ${pinned.sha256.slice(0, 12)}… → ${d.sha256.slice(0, 12)}…`,
      );
  }
  if (lock.plan.digest !== compiled.resolved.planDigest) {
    // A dataset file renamed or moved with the same content changes the plan, not a step (QA21).
    const moved: string[] = [];
    for (const d of compiled.resolved.datasets) {
      const pinned = lock.datasets[`${d.taskId}/${d.datasetId}`];
      const source = d.source.startsWith('http') ? recordedUrl(d.source) : d.source;
      if (pinned && pinned.sha256 === d.sha256 && pinned.source !== source)
        // Quoted on one line as plan quotes it (QA129: a file name holding a line feed printed a
        // line of its own in the refusal).
        moved.push(
          `${d.taskId}/${d.datasetId}: source ${sourceChange(pinned.source, source)} (same content)`,
        );
    }
    const stepChanges = planChanges(compiled, lock);
    // A weight, a gate, benchmark.version (QA119); a move is said above, and a template edit is
    // one that renders the same inputs only when no step changed.
    const edits = unkeyedPlanEdits(compiled, lock).filter(
      (edit) =>
        !/\.source .* same content$/.test(edit) && (stepChanges.length === 0 || !edit.includes('.bindings.')),
    );
    const changes = [
      ...moved,
      // At most 8, as the step changes below (QA129: 25 metrics' thresholds edited at once read 25 lines).
      ...(edits.length > EDITS_SHOWN
        ? [...edits.slice(0, EDITS_SHOWN), `… and ${edits.length - EDITS_SHOWN} more plan edits`]
        : edits),
      ...stepChanges,
      ...instructionChanges(compiled, lock, lockFile, undefined, true),
      // A task, dataset or agent removed, in plan's words (QA316: it read 'no step changes: e.g. a description or a gate').
      ...[goneGroupsReason(compiled, lock) ?? []].flat(),
    ];
    // An inline dataset's edit, said above by its sha256, changes the plan too: no "no step
    // changes" under it (QA230: an example's vars edited read so, its steps changed). A file's edit
    // does not: the plan's own edit beside it is still said (QA233: a description went unsaid).
    const inlineDrift = compiled.resolved.datasets.some(
      (d) => d.source === 'inline' && lock.datasets[`${d.taskId}/${d.datasetId}`]?.sha256 !== d.sha256,
    );
    if (changes.length > 0 || !inlineDrift)
      drift.push(
        changes.length > 0
          ? `the plan changed since evalc.lock was written:\n    ${changes.join('\n    ')}`
          : compiled.resolved.only !== undefined
            ? // QA167: a task's instructions edited outside the selection read "e.g. a description or a gate".
              `the plan changed since evalc.lock was written (no step changes under --only ${compiled.resolved.only}: e.g. an edit outside it, a description or a gate)`
            : 'the plan changed since evalc.lock was written (no step changes: e.g. a description or a gate)',
      );
  }
  return drift;
}

/**
 * Agents of this run (an `--only` run starts and asks only the agents of its part of the plan)
 * whose identity differs from the lock's, saying what changed when the discovered pin tells.
 */
export function agentDrift(
  compiled: CompiledPlan,
  lock: Lockfile | undefined,
  pins: Record<string, AgentPin> = {},
): string[] {
  const drift: string[] = [];
  const inRun = new Set(compiled.groups.map((cg) => cg.group.agentId));
  for (const [id, digest] of Object.entries(compiled.agentDigests)) {
    const pinned = lock?.agents[id];
    if (!inRun.has(id) || !pinned || pinned.digest === digest) continue;
    const now = pins[id] ?? {};
    const changes: string[] = [];
    // An /info without a version is keyed by the plan's `version:`, as plan names it (QA167: an
    // agent that stopped sending one beside `version: "9"` read "1.1.0 → (none)" here, "1.1.0 → 9" in plan).
    const version = now.version ?? compiled.resolved.plan.agents[id]?.version;
    if (pinned.version !== version)
      changes.push(
        numericVersionChange(pinned.version, now, true) ??
          `version ${pinned.version ?? '(none)'} → ${version ?? '(none)'}`,
      );
    if (pinned.schemaDigest !== now.schemaDigest)
      changes.push(`schema digest ${short(pinned.schemaDigest)} → ${short(now.schemaDigest)}`);
    drift.push(
      `agent ${id}: identity changed (${changes.length > 0 ? changes.join(', ') : 'schema digest or version'})`,
    );
  }
  return drift;
}

function short(digest: string | undefined): string {
  return digest === undefined ? '(none)' : `${digest.slice(0, 19)}…`;
}

/**
 * `--locked` for judges: the server's version and wire version (agent-eval `GET /v1/version`),
 * and the tag of each server-registered rubric the lock pinned (`registeredRubrics`, asked again
 * with `GET /v1/rubrics`). Rubrics defined in the plan are in the plan digest: `datasetDrift`
 * already reports a changed plan.
 */
export async function judgeDrift(
  judges: ReadonlyMap<string, JudgeRuntime>,
  lock: Lockfile | undefined,
  signal: AbortSignal,
): Promise<string[]> {
  const drift: string[] = [];
  for (const [id, judge] of [...judges].sort(([a], [b]) => byText(a, b))) {
    const pinned = lock?.judges[id];
    if (!pinned) continue;
    for (const field of ['version', 'wireVersion'] as const) {
      const was = pinned[field];
      const now = judge.info?.[field];
      if (was && now && was !== now) drift.push(`judge ${id}: ${field} ${was} → ${now}`);
    }
    const asked = Object.entries(pinned.registeredRubrics ?? {}).sort(([a], [b]) => byText(a, b));
    if (asked.length === 0 || !judge.registeredRubricVersions) continue;
    const registered = await judge.registeredRubricVersions(signal);
    if (!registered) {
      drift.push(
        `judge ${id}: could not list its rubrics to check ${asked.map(([, tag]) => tag).join(', ')}`,
      );
      continue;
    }
    for (const [name, tag] of asked) {
      const now = registered.get(name);
      if (now === undefined) drift.push(`judge ${id}: rubric ${name} is no longer registered (was ${tag})`);
      else if (now !== tag) drift.push(`judge ${id}: rubric ${name}: rubricVersion ${tag} → ${now}`);
    }
  }
  return drift;
}

export function readBaseline(file: string, cwd: string): Lockfile | undefined {
  const read = readLockFile(path.resolve(cwd, file));
  // Its urls as this evalc records them, as `evalc diff` reads a lock (QA168).
  return read.ok ? withoutUrlCredentials(read.lock) : undefined;
}

/**
 * `--frozen` calls no judge either: judge scores a run needs and the cache lacks. A score is
 * needed when its invoke is a cached success whose extraction did not fail (an extraction not
 * cached yet is computed locally, and may need the judge).
 */
export function missingJudgeScores(
  compiled: CompiledPlan,
  store: Pick<LogStore, 'has' | 'kindOf' | 'get'>,
): string[] {
  const missing: string[] = [];
  for (const cg of compiled.groups) {
    const judged = cg.group.metrics.filter((m) => m.judgeId);
    if (judged.length === 0) continue;
    for (const step of groupSteps(cg.group, cg.keys)) {
      if (!step.invokeKey || !step.extractKey || store.kindOf(step.invokeKey) !== 'invoke') continue;
      const absent = judged.filter((m) => {
        const key = step.scoreKeys[m.id];
        return key !== undefined && !store.has(key);
      });
      if (absent.length === 0) continue;
      if (store.get<ExtractRecord>(step.extractKey)?.ok === false) continue;
      for (const m of absent) missing.push(`score/${step.id}/${m.id} (judge ${m.judgeId})`);
    }
  }
  return missing;
}

export function missingInvokes(compiled: CompiledPlan, store: Pick<LogStore, 'has'>): string[] {
  const missing: string[] = [];
  for (const cg of compiled.groups) {
    for (const step of groupSteps(cg.group, cg.keys))
      if (step.invokeKey && !store.has(step.invokeKey)) missing.push(`invoke/${step.id}`);
  }
  return missing;
}

/**
 * `--locked`'s own refusal of a lock it cannot read, hinted to put the committed one back (QA188,
 * f985d40), or undefined when no cause is found here (an I/O error: the read's own message says it).
 * apply's read of the pins refused it first, in plan's words, since cc9b125 (QA193).
 */
export function lockedUnreadableRefusal(lockFile: string): ApplyOutcome | undefined {
  const reason = noLockReason(lockFile);
  return reason === NO_LOCK ? undefined : lockedRefusal([reason]);
}

/** `--locked` found pinned inputs that differ from evalc.lock: one line each. */
export function lockedRefusal(drift: string[]): ApplyOutcome {
  // It read "pinned inputs changed: no evalc.lock to check against", whose hint sent the user to
  // `evalc plan` to see what changed (QA183).
  if (drift.length === 1 && drift[0] === NO_LOCK)
    return {
      status: 'refused',
      reason: 'locked',
      message: '--locked: there is no evalc.lock beside the plan to check against',
    };
  // A link to nothing: said as no lock at all, its target unsaid (QA223).
  if (drift.length === 1 && drift[0]!.startsWith('no lockfile at '))
    return { status: 'refused', reason: 'locked', message: `--locked: ${drift[0]}` };
  if (drift.length === 1 && drift[0]!.startsWith(UNREADABLE_LOCK))
    return { status: 'refused', reason: 'locked', message: `--locked: ${drift[0]}` };
  return {
    status: 'refused',
    reason: 'locked',
    message: `--locked: pinned inputs changed:\n  ${drift.join('\n  ')}`,
  };
}

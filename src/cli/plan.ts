import { statSync } from 'node:fs';
import path from 'node:path';
import { type AgentPin, compilePlan } from '../compiler/compile.js';
import { judgePinsFromLock, registeredRubricsInUse } from '../compiler/judge-pins.js';
import { defaultDirs, loadPlan } from '../compiler/load-plan.js';
import { numericVersionChange } from '../compiler/numeric-version.js';
import { agentFetchSteps, datasetFetchSteps } from '../compiler/plan-fetch-steps.js';
import { type CacheView, planRun } from '../compiler/plan-run.js';
import { LogStore } from '../executor/cache-store.js';
import {
  findInputMisfits,
  misfitHint,
  misfitWarning,
  planTimeRaipAdapters,
  preflightCount,
} from '../executor/input-schema-check.js';
import { planTimeJudgePins } from '../executor/judges.js';
import { pinsOf } from '../executor/locked-inputs.js';
import { planSecrets } from '../executor/run-secrets.js';
import { cacheLoadNotes } from '../executor/run-store.js';
import { warnShortSecrets } from '../executor/short-secrets.js';
import { danglingLockLink, irregularLockFile } from '../lockfile/read-lock-text.js';
import { readLockFile } from '../lockfile/serialize.js';
import type { Lockfile } from '../lockfile/types.js';
import { hasErrors } from '../plan/diagnostic.js';
import type { Plan } from '../plan/schema.js';
import { scrubSecrets } from '../plan/secrets.js';
import { parseCommandArgs, planArgument } from './args.js';
import { commandOptions, commandUsage } from './command-help.js';
import type { CommandContext } from './context.js';
import { EXIT, ExitError, invalidPlanExit } from './exit-error.js';
import { lockAdvice } from './load-lock.js';
import { offeredLines } from './offered-lines.js';
import { chooseLockForPlan } from './plan-lock.js';
import { renderDiagnostics, withPipePlanHint } from './render-diagnostics.js';
import { renderPlanText } from './render-plan.js';
import { ignoreStateDirIfMade } from './state-dir-ignore.js';
import { writeJson } from './write-json.js';

const USAGE = commandUsage('plan');

export async function planCommand(ctx: CommandContext): Promise<number> {
  // DESIGN §6 names Terraform's `-detailed-exitcode` (its single dash too): accepted, as plan always
  // exits 2 when there is work (QA101: a plan copied from Terraform's CI was a usage error, 64).
  // After `--` it is a file name (QA105).
  const end = ctx.args.indexOf('--');
  const args = ctx.args.map((arg, i) =>
    arg === '-detailed-exitcode' && (end < 0 || i < end) ? '--detailed-exitcode' : arg,
  );
  const { values, positionals } = parseCommandArgs(args, commandOptions('plan'), USAGE, 1);
  const file = planArgument(positionals, ctx.cwd);
  // Resolve against the command's cwd, not the process's (they differ when embedded).
  const dirs = defaultDirs(path.resolve(ctx.cwd, file), ctx.env);
  const cacheDir =
    typeof values['cache-dir'] === 'string' ? path.resolve(ctx.cwd, values['cache-dir']) : dirs.cacheDir;
  // The lines its notes offer name this plan and cache: `evalc apply sub --update-lock` (QA245).
  const offer = offeredLines(positionals[0], values['cache-dir']);
  const mainLock = readLockOrUndefined(dirs.lockFile, ctx.cwd);
  const onlyLock = values.only ? readLockOrUndefined(dirs.onlyLockFile, ctx.cwd) : undefined;
  // A served agent's log, or a remote dataset pinned in the cache, makes .evalc/: it gets apply's
  // .gitignore (QA316, QA328: git status listed it; the dataset's was made before the check).
  const ignoreStateDir = ignoreStateDirIfMade(dirs.stateDir);
  const result = await loadPlan(file, {
    cwd: ctx.cwd,
    cacheDir,
    offline: false,
    only: values.only as string | undefined,
    pins: pinsOf(mainLock),
    judgePins: judgePinsFromLock(mainLock),
  });
  if (hasErrors(result.diagnostics) || !result.compiled) {
    if (values.json)
      ctx.stdout(
        `${JSON.stringify({ ok: false, exitCode: invalidPlanExit(result.diagnostics), diagnostics: withPipePlanHint(result.diagnostics, ctx.cwd, positionals[0]) }, null, 2)}\n`,
      );
    else ctx.stderr(`${renderDiagnostics(result.diagnostics, ctx.cwd, positionals[0])}\n`);
    ignoreStateDir();
    return invalidPlanExit(result.diagnostics);
  }
  if (result.diagnostics.length > 0 && !values.json)
    ctx.stderr(`${renderDiagnostics(result.diagnostics, ctx.cwd, positionals[0])}\n`);
  // `--only`: compare with the lock of the last `apply --only` of this selection, if any.
  const lock = chooseLockForPlan(mainLock, onlyLock, result.compiled);
  const loaded =
    lock !== mainLock && result.resolved
      ? compilePlan(result.resolved, pinsOf(lock), {
          checkTemplates: false,
          judgePins: judgePinsFromLock(lock),
        })
      : result.compiled;
  // statSync, not existsSync: a cache folder that cannot be read (EACCES) is said, not planned
  // as empty ("0 cached", QA23 W3).
  const cache: CacheView & { close?: () => void } = statSync(path.join(cacheDir, 'steps.log'), {
    throwIfNoEntry: false,
  })
    ? new LogStore(cacheDir, { readOnly: true })
    : { has: () => false };
  try {
    const store = cache instanceof LogStore ? cache : undefined;
    // Agents sending headers (a secret token) are asked too, with their headers, and agents
    // evalc serves are started for the question and stopped after, as apply will.
    // Created only if an agent is served (agent-process.ts): plan writes nothing otherwise.
    const logsDir = path.join(dirs.stateDir, 'logs');
    // Plan sends the headers and serve.env that apply sends (/info, served agents): it warns about
    // a secret too short to mask or set but empty as apply does (QA60: only apply said so).
    const secretWarnings: string[] = [];
    warnShortSecrets(
      loaded.resolved.plan,
      [...new Set(loaded.groups.map((g) => g.group.agentId))].sort(),
      loaded,
      { env: ctx.env, progress: { message: (text) => secretWarnings.push(text) } },
    );
    if (!values.json) for (const warning of secretWarnings) ctx.stderr(`${warning}\n`);
    const schemas = await planTimeRaipAdapters(loaded, lock, store, ctx.signal, ctx.env, {
      planDir: loaded.resolved.loaded.planDir,
      commandDirs: loaded.resolved.loaded.commandDirs.agents,
      logsDir,
    });
    await schemas.close();
    const unreachable = schemas.unreachable;
    // An agent that answered /info with another identity than the lock's (version, schema) is
    // planned as apply will run it: its steps get new keys and re-run "because agent identity changed".
    // As compiled: a version the lock recorded from the plan, not /info, is no pin (QA115).
    const lockPins = loaded.agentPins ?? pinsOf(lock);
    const changed = Object.entries(schemas.live).filter(([id, pin]) => !samePin(pin, lockPins[id]));
    // So is a judge whose registered rubric has a new tag: the judge metric re-scores.
    const lockJudgePins = judgePinsFromLock(lock);
    const registered = registeredRubricsInUse(
      loaded.groups.flatMap((g) => g.group.metrics),
      loaded.resolved.plan,
    );
    const judges =
      registered.size > 0
        ? await planTimeJudgePins(loaded.resolved.plan, registered, ctx.signal, ctx.env)
        : { pins: {}, unreachable: [], unasked: [], unlisted: [] };
    const judgePins = { ...lockJudgePins, ...judges.pins };
    const retagged = Object.keys(judges.pins).filter(
      (id) => JSON.stringify(judges.pins[id]) !== JSON.stringify(lockJudgePins[id] ?? {}),
    );
    const compiled =
      (changed.length > 0 || retagged.length > 0) && result.resolved
        ? compilePlan(result.resolved, { ...lockPins, ...schemas.live }, { checkTemplates: false, judgePins })
        : loaded;
    const loadNotes = store ? cacheLoadNotes(store, cacheDir, offer.prune) : [];
    const notes = [
      // A link to nothing read as a first run, its target unsaid (QA223).
      ...[...new Set([dirs.lockFile, ...(values.only ? [dirs.onlyLockFile] : [])])].flatMap(
        (f) => danglingLockLink(f) ?? [],
      ),
      ...(values.json ? secretWarnings.map((w) => w.replace(/^evalc: /, '')) : []),
      ...discoveryNotes(
        changed,
        lockPins,
        unreachable,
        lock,
        schemas,
        loaded.resolved.plan.agents,
        offer.updateLock,
      ),
      // As apply warns them: formats or patterns of an agent's schema evalc does not check (QA52).
      ...schemas.warnings,
      ...schemas.unasked
        .filter(({ id }) => lock?.agents[id])
        .map(
          ({ id, why }) =>
            `agent ${id} is not asked at plan time (${why}): planned with its identity in evalc.lock (apply checks it)`,
        ),
      ...retagged.flatMap((id) =>
        Object.entries(judges.pins[id] ?? {})
          .filter(([name, tag]) => lockJudgePins[id]?.[name] !== tag)
          .map(
            ([name, tag]) =>
              `judge ${id}: rubric ${name} is now ${tag}${lockJudgePins[id]?.[name] ? ` (was ${lockJudgePins[id]?.[name]})` : ''}`,
          ),
      ),
      ...judges.unlisted,
      ...judges.unreachable.map(
        (id) =>
          `judge ${id} did not list its rubrics: planned with the rubric tags in evalc.lock (apply asks it)`,
      ),
      // A damaged or lost cache entry is planned as new: say why (QA69: plan said only `new`).
      ...loadNotes,
      ...judges.unasked.map(
        (id) =>
          `judge ${id} is not asked at plan time (evalc serves it, it is reached over stdio, or its header variables are not set): planned with the rubric tags in evalc.lock (apply asks it)`,
      ),
    ];
    // RAIP R5: a misfit in an agent's preflight sample stops apply before anything is sent; a
    // later one is that example's own failure (contract_error, not sent), said in a note.
    const found = findInputMisfits(compiled, schemas.adapters, preflightCount(loaded.resolved.plan));
    const misfits = found.filter((m) => m.preflight);
    const later = found.filter((m) => !m.preflight);
    if (later.length > 0) notes.push(misfitWarning(later));
    if (misfits.length > 0) {
      if (values.json)
        ctx.stdout(
          `${JSON.stringify({ ok: false, exitCode: EXIT.failure, inputMisfits: misfits }, null, 2)}\n`,
        );
      else
        ctx.stderr(
          `evalc: ${misfits.length === 1 ? '1 input of the preflight sample does' : `${misfits.length} inputs of the preflight sample do`} not fit their agent's input schema (nothing would be invoked):\n${listMisfits(misfits)}\n  ${misfitHint(compiled, misfits)}\n`,
        );
      return EXIT.failure;
    }
    const plan = planRun(compiled, cache, lock, {
      listSteps: Boolean(values.json),
      only: Boolean(values.only),
    });
    const exitCode = plan.hasChanges ? EXIT.changes : EXIT.ok;
    // An up-to-date evalc.lock records the steps of skipped or lost entries: apply runs none of them
    // again (QA252: the note said it did, beside 'No changes … apply would call no agent').
    const loadAt = loadNotes.length > 0 ? notes.indexOf(loadNotes[0]!) : -1;
    if (store && plan.upToDate && loadAt >= 0)
      notes.splice(loadAt, loadNotes.length, ...cacheLoadNotes(store, cacheDir, offer.prune, true));
    // evalc.lock may hold a secret an older evalc kept (an ETag quoting a token): not printed (QA60).
    const secrets = planSecrets(loaded.resolved.plan, ctx.env);
    const shownNotes = notes.map((note) => scrubSecrets(note, secrets));
    if (values.json)
      // In pieces: the steps list of a large plan is hundreds of megabytes of text.
      // The fetch steps (datasets, then agents) first, in pipeline order (fetch → invoke → … → aggregate).
      writeJson(
        {
          ok: true,
          exitCode,
          ...plan,
          steps: [
            ...datasetFetchSteps(compiled, lock),
            ...agentFetchSteps(compiled, lock),
            ...(plan.steps ?? []),
          ],
          notes: shownNotes,
          diagnostics: result.diagnostics,
        },
        ctx.stdout,
      );
    else {
      for (const note of shownNotes) ctx.stderr(`note: ${note}\n`);
      ctx.stdout(renderPlanText(plan));
    }
    return exitCode;
  } finally {
    cache.close?.();
    ignoreStateDir();
  }
}

export function readLockOrUndefined(file: string, cwd: string): Lockfile | undefined {
  const irregular = irregularLockFile(file);
  if (irregular) throw new ExitError(EXIT.failure, irregular);
  const read = readLockFile(file);
  if (read.ok) return read.lock;
  if (read.missing) return undefined;
  // plan --only's .evalc/evalc.only.lock is apply --only's to write again, not apply's (QA209).
  throw new ExitError(EXIT.failure, lockAdvice(file, read.message, cwd));
}

function samePin(a: AgentPin, b: AgentPin | undefined): boolean {
  return (
    a.name === b?.name && a.version === b?.version && a.schemaDigest === b?.schemaDigest && a.etag === b?.etag
  );
}

/** What plan learnt from the agents' /info, or could not check, in one line each. */
function discoveryNotes(
  changed: [string, AgentPin][],
  locked: Record<string, AgentPin>,
  unreachable: string[],
  lock: Lockfile | undefined,
  { refused, notStarted }: { refused: Record<string, string>; notStarted: Record<string, string> },
  agents: Plan['agents'],
  updateLock: string,
): string[] {
  const notes: string[] = [];
  // An agent that answered with something unusable is named with why: "did not answer" sent a
  // user looking for a process that was running (QA34 F2).
  const failed = (id: string) =>
    notStarted[id] !== undefined
      ? `agent ${id} did not start (${notStarted[id]})`
      : refused[id] !== undefined
        ? `agent ${id} answered /info, but its discovery failed (${refused[id]})`
        : `agent ${id} did not answer /info`;
  if (!lock) return unreachable.map((id) => `${failed(id)}; apply will ask it`);
  for (const [id, pin] of changed) {
    // An own pin only: an agent id like `toString` new to the lock is not Object's method (QA35).
    const was = Object.hasOwn(locked, id) ? locked[id] : undefined;
    if (!was) continue;
    const parts: string[] = [];
    // An /info without a version is keyed by the plan's `version:` (QA123: a declared 7 → 8 read
    // 'version 7 → (none)', as if the agent had dropped a version it never gave).
    const declared = Object.hasOwn(agents, id) ? agents[id]?.version : undefined;
    const now = pin.version ?? declared;
    if (now !== was.version)
      parts.push(
        numericVersionChange(was.version, pin) ?? `version ${was.version ?? '(none)'} → ${now ?? '(none)'}`,
      );
    if (pin.schemaDigest !== was.schemaDigest)
      parts.push('input schema changed: apply stops before any invoke unless --update-lock');
    // RAIP 4.2: a new ETag with the same schema is a warning only (QA45: it was said nowhere).
    if (parts.length === 0 && pin.etag && was.etag && pin.etag !== was.etag)
      parts.push(
        // How to pin it, as apply's warning says (QA155: plan's note left the user guessing).
        `ETag ${was.etag} → ${pin.etag} with the same input schema and version: its results are kept (\`${updateLock}\` pins the new one, calling no agent)`,
      );
    if (parts.length > 0) notes.push(`agent ${id}: ${parts.join('; ')}`);
  }
  for (const id of unreachable)
    notes.push(
      lock.agents[id]
        ? `${failed(id)}: planned with its identity in evalc.lock (apply checks it)`
        : `${failed(id)}; apply will ask it`,
    );
  return notes;
}

const LISTED_MISFITS = 20;

function listMisfits(misfits: { step: string; errors: string }[]): string {
  const lines = misfits.slice(0, LISTED_MISFITS).map((m) => `  ${m.step}: ${m.errors}`);
  if (misfits.length > LISTED_MISFITS)
    lines.push(`  … and ${misfits.length - LISTED_MISFITS} more (plan --json lists them all)`);
  return lines.join('\n');
}

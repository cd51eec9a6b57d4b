import path from 'node:path';
import { type ApplyOutcome, applyPlan } from '../executor/apply-run.js';
import { LOCKED_WITH_UPDATE_LOCK } from '../executor/apply-types.js';
import { restorePath } from '../executor/locked-inputs.js';
import { createProgress } from '../executor/progress.js';
import { describeDrift } from '../executor/schema-drift.js';
import { parseCommandArgs, planArgument } from './args.js';
import { baselineWarning } from './baseline-warning.js';
import { commandOptions, commandUsage } from './command-help.js';
import type { CommandContext } from './context.js';
import { EXIT, ExitError, invalidPlanExit } from './exit-error.js';
import { describeFailedJudge, failedJudges, failedJudgesField } from './failed-judges-note.js';
import { gateSummary } from './gate-summary.js';
import { loadLockArgument } from './load-lock.js';
import { makeFolder } from './make-folder.js';
import { offeredLines } from './offered-lines.js';
import { describeOverloadedAgent, overloadedAgents } from './overload-note.js';
import { refusalHint } from './refusal-hint.js';
import { isPipeLike, noFolder } from './regular-file.js';
import { renderDiagnostics } from './render-diagnostics.js';
import { shellLine } from './shell-word.js';
import { ignoreStateDirIfMade } from './state-dir-ignore.js';

/** Failing gates printed one per line on stderr; more are counted. */
const FAILED_GATES_SHOWN = 20;

const USAGE = commandUsage('apply');

export async function applyCommand(ctx: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(ctx.args, commandOptions('apply'), USAGE, 1);
  // Digits only: Number() read `0x10` as 16, `1e3` as 1000 and `2.0` as 2 (QA39).
  const concurrency =
    values.concurrency === undefined
      ? undefined
      : /^[0-9]+$/.test(String(values.concurrency))
        ? Number(values.concurrency)
        : Number.NaN;
  if (concurrency !== undefined && (!Number.isInteger(concurrency) || concurrency < 1)) {
    throw new ExitError(EXIT.usage, `--concurrency takes a positive whole number\nusage: ${USAGE}`);
  }
  if (values.frozen && values.refresh)
    throw new ExitError(EXIT.usage, `--frozen and --refresh contradict each other\nusage: ${USAGE}`);
  // The apply it offers is this plan's (QA245: `evalc apply sub --locked --update-lock` was told
  // `evalc apply --update-lock`, which applies ./evalc.yaml).
  if (values.locked && values['update-lock'])
    throw new ExitError(
      EXIT.usage,
      `${LOCKED_WITH_UPDATE_LOCK.replace(
        '`evalc apply --update-lock`',
        `\`${offeredLines(positionals[0], values['cache-dir']).updateLock}\``,
      )}\nusage: ${USAGE}`,
    );
  // A --baseline that cannot be read is refused before the run (the run went on without one,
  // recording its regression gates as skipped, and then failed to stamp the reports).
  const baseline =
    typeof values.baseline === 'string' ? loadLockArgument(ctx.cwd, values.baseline, 'baseline') : undefined;
  const json = Boolean(values.json);
  const mode = json ? 'json' : values.quiet ? 'quiet' : ctx.isTTY ? 'tty' : 'plain';
  const progress = createProgress(mode, json ? ctx.stdout : (ctx.stderrRaw ?? ctx.stderr));
  if (progress.dropInFlight) ctx.atExitNow?.(progress.dropInFlight);
  // Before the run starts (agents starting, /info asked) no step is in flight: a Ctrl-C there said
  // "finishing steps in flight" (QA183); the run's start flips the stop notices' words.
  const start = progress.start.bind(progress);
  progress.start = (totals) => {
    ctx.runStarts?.();
    start(totals);
  };
  if (mode === 'tty' || mode === 'plain') ctx.noticesVia?.((line) => progress.message(line));
  const planFile = planArgument(positionals, ctx.cwd);
  if (isPipeLike(path.resolve(ctx.cwd, planFile)))
    throw new ExitError(
      EXIT.usage,
      `${planFile} ${noFolder(path.resolve(ctx.cwd, planFile))}: apply writes evalc.lock and .evalc/ beside the plan; save the plan to a file first`,
    );
  for (const flag of ['cache-dir', 'out'])
    if (values[flag] === '') throw new ExitError(EXIT.usage, `--${flag} needs a folder\nusage: ${USAGE}`);
  // An empty EVALC_CACHE_DIR (a CI variable set from an unset one) is unset, as for every other
  // command (load-plan.ts defaultDirs); apply failed with "mkdir ''" (QA39).
  const cacheDir = (values['cache-dir'] as string | undefined) ?? (ctx.env.EVALC_CACHE_DIR || undefined);
  const outDir = values.out as string | undefined;
  // Folders named on the command line are made here, before the run (make-folder.ts): the run's
  // recursive mkdir spun forever for one under /proc (`--out /proc/x`, a mistyped EVALC_CACHE_DIR).
  const stateDir = path.join(path.dirname(path.resolve(ctx.cwd, planFile)), '.evalc');
  const ignoreStateDir = ignoreStateDirIfMade(stateDir);
  for (const dir of [cacheDir, outDir]) if (dir) makeFolder(path.resolve(ctx.cwd, dir));
  const applied = await applyPlan({
    planFile,
    cwd: ctx.cwd,
    env: ctx.env,
    cacheDir,
    outDir,
    // the lockfile read above: a folder names its evalc.lock, as for report --baseline and diff (QA168)
    baseline: baseline?.file,
    locked: Boolean(values.locked),
    frozen: Boolean(values.frozen),
    refresh: Boolean(values.refresh),
    updateLock: Boolean(values['update-lock']),
    only: values.only as string | undefined,
    concurrency,
    signal: ctx.signal,
    progress,
    // Its notes' lines name this plan and cache: `evalc cache prune sub` (QA245).
    offer: offeredLines(positionals[0], values['cache-dir']),
    // Said as validate and plan say them (QA47: apply ran a plan with warnings and said nothing).
    onPlanWarnings: (diagnostics) =>
      progress.message(renderDiagnostics(diagnostics, ctx.cwd, positionals[0])),
  });
  ignoreStateDir();
  // A Ctrl-C while agents start or answer /info cancels that step, which then reads as a refusal
  // (“serve a1: cancelled while waiting for readiness”): the run was interrupted (exit 130).
  const outcome: ApplyOutcome =
    applied.status === 'refused' && ctx.signal.aborted
      ? { status: 'interrupted', message: `interrupted before the run: ${applied.message}` }
      : applied;
  const exitCode = exitCodeOf(outcome);
  const warning =
    outcome.status === 'done' && baseline
      ? baselineWarning(String(values.baseline), baseline.lock, outcome.lock)
      : undefined;
  if (warning) progress.message(`evalc: warning: ${warning}`);
  // An up-to-date apply ran nothing, so no run said the lock's drift: `--json` gets the `message`
  // event the apply that wrote the lock gave before its result (QA130); text mode says it in printOutcome.
  if (json && outcome.status === 'done' && outcome.summary.upToDate)
    for (const d of outcome.summary.schemaDrift ?? [])
      progress.message(`evalc: warning: ${describeDrift(d)}`);
  // Its reports rendered from a cache without (some of) the lock's answers, as `evalc report` says (QA279).
  if (outcome.status === 'done' && outcome.reportsNote) progress.message(`note: ${outcome.reportsNote}`);
  // The lock as git takes it from here, for a hint's `git checkout --` (QA192).
  const lock = restorePath(path.join(path.dirname(path.resolve(ctx.cwd, planFile)), 'evalc.lock'), ctx.cwd);
  // The apply the hints offer is this one, its plan and part: `evalc apply sub --only t/d --refresh` (QA234).
  const again = [
    ...(values.only === undefined ? [] : ['--only', String(values.only)]),
    ...(values['cache-dir'] === undefined ? [] : ['--cache-dir', String(values['cache-dir'])]),
  ];
  // ./evalc.yaml named (`evalc apply evalc.yaml`) is what a line without a plan runs.
  const plan =
    path.resolve(ctx.cwd, planFile) === path.join(ctx.cwd, 'evalc.yaml') ? undefined : positionals[0];
  const named = plan === undefined ? [] : plan.startsWith('-') ? ['--', plan] : [plan];
  const apply = (flag: string) => {
    const flags = [...again, flag].filter((w) => w !== '');
    return shellLine([
      'evalc',
      'apply',
      ...(named[0] === '--' ? [...flags, ...named] : [...named, ...flags]),
    ]);
  };
  const given = typeof values['cache-dir'] === 'string' ? values['cache-dir'] : undefined;
  if (json)
    ctx.stdout(
      `${JSON.stringify({ event: 'result', exitCode, ...summaryOf(outcome, lock, plan, given) })}\n`,
    );
  else printOutcome(ctx, outcome, Boolean(values.quiet), lock, plan, apply, given);
  return exitCode;
}

function exitCodeOf(outcome: ApplyOutcome): number {
  switch (outcome.status) {
    case 'invalid':
      return invalidPlanExit(outcome.diagnostics);
    case 'refused':
    case 'failed':
      return EXIT.failure;
    case 'interrupted':
      return EXIT.interrupted;
    case 'done': {
      // A run that evaluated nothing for an agent (every request failed, or its preflight did)
      // is a runtime failure: there is no result to read for it.
      // So is a judge every call of which failed (QA48): its metrics measured nothing.
      const s = outcome.summary;
      const judgesFailed = failedJudges(outcome.lock).length > 0;
      return s.gatesFailed > 0 || (s.unevaluated?.length ?? 0) > 0 || judgesFailed ? EXIT.failure : EXIT.ok;
    }
  }
}

function summaryOf(
  outcome: ApplyOutcome,
  lock: string,
  plan: string | undefined,
  cacheDir: string | undefined,
): Record<string, unknown> {
  switch (outcome.status) {
    case 'invalid':
      return { status: outcome.status, diagnostics: outcome.diagnostics };
    case 'refused': {
      const hint = refusalHint(
        outcome.message,
        outcome.reason,
        outcome.lockWrittenBy,
        outcome.lockFailures,
        outcome.lockRekeyed,
        lock,
        plan,
        cacheDir,
      );
      return {
        status: outcome.status,
        ...(outcome.reason ? { reason: outcome.reason } : {}),
        message: outcome.message,
        ...(hint ? { hint } : {}),
      };
    }
    case 'failed':
    case 'interrupted':
      return { status: outcome.status, message: outcome.message };
    case 'done': {
      // each failed judge's first failure goes in its failedJudges entry (QA295)
      const { judgeFirstFailures, ...summary } = outcome.summary;
      return {
        status: outcome.status,
        lockFile: outcome.lockFile,
        reportsDir: outcome.reportsDir,
        ...summary,
        ...failedJudgesField(outcome.lock, judgeFirstFailures),
        gates: outcome.lock.gates,
      };
    }
  }
}

function printOutcome(
  ctx: CommandContext,
  outcome: ApplyOutcome,
  quiet: boolean,
  lock: string,
  plan: string | undefined,
  apply: (flag: string) => string,
  /** The --cache-dir given, kept in the lines a refusal offers (QA245). */
  cacheDir: string | undefined,
): void {
  switch (outcome.status) {
    case 'invalid':
      ctx.stderr(`${renderDiagnostics(outcome.diagnostics, ctx.cwd, plan)}\n`);
      return;
    case 'refused': {
      const hint = refusalHint(
        outcome.message,
        outcome.reason,
        outcome.lockWrittenBy,
        outcome.lockFailures,
        outcome.lockRekeyed,
        lock,
        plan,
        cacheDir,
      );
      ctx.stderr(`evalc: ${outcome.message}\n${hint ? `hint: ${hint}\n` : ''}`);
      return;
    }
    case 'failed':
    case 'interrupted':
      ctx.stderr(`evalc: ${outcome.message}\n`);
      return;
    case 'done': {
      const s = outcome.summary;
      const kinds = Object.entries(s.errorKinds)
        .sort()
        .map(([k, n]) => `${k} ${n}`)
        .join(', ');
      const failed = outcome.lock.gates.filter((g) => !g.passed);
      // A plan with a gate per task × agent can fail hundreds: the first ones, then a count.
      for (const g of failed.slice(0, FAILED_GATES_SHOWN)) ctx.stderr(`gate failed: ${g.message}\n`);
      if (failed.length > FAILED_GATES_SHOWN)
        ctx.stderr(
          `… and ${failed.length - FAILED_GATES_SHOWN} more failing gates (every one is in report.json and junit.xml; report.md lists what fits)\n`,
        );
      if (s.unevaluated?.length)
        ctx.stderr(
          `evalc: nothing was evaluated for ${s.unevaluated.join(', ')}: every example failed before scoring (see the error kinds)\n`,
        );
      for (const f of failedJudges(outcome.lock))
        ctx.stderr(`evalc: ${describeFailedJudge(f, s.judgeFirstFailures?.[f.judge])}\n`);
      for (const a of overloadedAgents(outcome.lock)) ctx.stderr(`evalc: ${describeOverloadedAgent(a)}\n`);
      // An up-to-date apply ran nothing, so no progress line said it: the lock's drift is said here.
      if (quiet || s.upToDate)
        for (const d of s.schemaDrift ?? []) ctx.stderr(`evalc: warning: ${describeDrift(d)}\n`);
      if (!quiet && s.upToDate) {
        ctx.stdout(
          `evalc.lock is up to date: every step of this plan is recorded, nothing ran (${plural(s.errors, 'recorded error')}${recordedErrorsHint(s.errors, kinds, s.errorKinds, apply)}); ${gateSummary(outcome.lock.gates)}.\n` +
            `lockfile: ${outcome.lockFile}\nreports: ${outcome.reportsDir}\n`,
        );
      } else if (!quiet) {
        ctx.stdout(
          `Apply complete: ${examplesRun(s.examples, outcome.lock.run.repeats)}, ${plural(s.invoked, 'agent call')}${s.retries ? ` (+${plural(s.retries, 'retry', 'retries')})` : ''}${s.judged ? `, ${plural(s.judged, 'judge call')}` : ''}, ${plural(s.errors, 'error')}${kinds ? ` (${kinds})` : ''}; ${gateSummary(outcome.lock.gates)}.\n` +
            `lockfile: ${outcome.lockFile}\nreports: ${outcome.reportsDir}\n`,
        );
      }
    }
  }
}

/**
 * Recorded errors on an up-to-date lock are definitive answers kept like any other (`invalid_json`,
 * a 4xx, …): after fixing the agent, re-applying says "up to date" again. QA54: a newcomer whose
 * stdio agent printed a banner fixed it and was told nothing ran, with no word of `--refresh`.
 * An `extraction_failed` is the plan's expression (a binding's `output:`, an http agent's
 * `response:`): fixed, a plain apply re-runs it, where `--refresh` would call every agent (QA108).
 */
function recordedErrorsHint(
  errors: number,
  kinds: string,
  byKind: Record<string, number>,
  apply: (flag: string) => string,
): string {
  if (errors === 0) return '';
  const expression = `a fixed binding \`output:\` or \`response:\` path is re-run by \`${apply('')}\`, without \`--refresh\``;
  const failedExtraction = (byKind.extraction_failed ?? 0) > 0;
  // A null candidate fails extraction too: the agent left the answer out, which no expression
  // fixes; a fixed agent is asked again only with --refresh (QA110).
  if (failedExtraction && Object.keys(byKind).every((k) => k === 'extraction_failed'))
    return `: ${kinds}; kept like answers: ${expression}; a fixed agent is asked again by \`${apply('--refresh')}\``;
  const refresh = `after fixing what failed, \`${apply('--refresh')}\` asks again`;
  return `${kinds ? `: ${kinds}` : ''}; kept like answers: ${refresh}${failedExtraction ? ` (extraction_failed: ${expression})` : ''}`;
}

function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}

/**
 * `30 example runs` (agent × example), or with repeats `90 example runs (3 repeats)`: it read `30 examples
 * × 3 repeats`, where 30 counted 15 examples of two agents (QA167: a user read 30 examples).
 */
function examplesRun(rows: number, repeats: number): string {
  return repeats > 1
    ? `${plural(rows * repeats, 'example run')} (${repeats} repeats)`
    : plural(rows, 'example run');
}

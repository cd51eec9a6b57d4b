/**
 * `evalc report [--from evalc.lock] [--format md|html|json|junit] [--baseline old.lock] [--out DIR] [--cache-dir DIR]`
 * Re-renders the reports from a lockfile. Without --format it writes all four files into DIR
 * (default: `.evalc/reports` beside the lockfile); with --format it prints that one report,
 * or writes it into DIR when --out is given. Trajectories (for the HTML drill-down) come from
 * an injected loader; without one the reports show scores only.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { cacheDirHint, partialCacheText, prunedWhat } from '../executor/cache-holding.js';
import { shownPath } from '../executor/report-paths.js';
import { forgetReportStamp } from '../executor/up-to-date.js';
import { emitReportInPieces, writeReportFiles } from '../executor/write-reports.js';
import { irregularLockFile } from '../lockfile/read-lock-text.js';
import type { Lockfile } from '../lockfile/types.js';
import { REPORT_FILES, type ReportFile, type ReportInput } from '../reports/index.js';
import { parseCommandArgs } from './args.js';
import { commandOptions, commandUsage } from './command-help.js';
import type { Command, CommandContext } from './context.js';
import { EXIT, ExitError } from './exit-error.js';
import { loadLockArgument } from './load-lock.js';
import { lockPlanFolder } from './lock-folder.js';
import { makeFolder } from './make-folder.js';
import { onlySelectionOf } from './only-selection.js';
import { isRegularFile, noFolder, noFolderKind } from './regular-file.js';
import { reportRegressionGates } from './report-regression-gates.js';
import { shellWord } from './shell-word.js';
import { ignoreStateDirIfMade } from './state-dir-ignore.js';

const USAGE = commandUsage('report');

const FORMAT_FILES: Record<string, ReportFile> = {
  md: 'report.md',
  html: 'report.html',
  json: 'report.json',
  junit: 'junit.xml',
};

/** What the report command may read beside the lockfile (e.g. trajectories from the cache). */
export interface ReportSources {
  trajectories?: ReportInput['trajectories'];
  judgeRationales?: ReportInput['judgeRationales'];
  failureDetails?: ReportInput['failureDetails'];
  /** The cache folder looked in when it held no step log: the reports are rendered from the lock alone. */
  missingCache?: string;
  /** missingCache holds a step log, but none of the lock's answers (another run's cache). */
  foreignCache?: boolean;
  /** The cache holds some of the lock's answers only (QA279): `held` of the `of` answered invokes. */
  partialCache?: { cacheDir: string; held: number; of: number };
  /** Every invoke of the lock a transient failure, and the cache holds no note of one (pruned, or another run's). */
  prunedNotes?: { cacheDir: string; failed: number; of: number; judgeScores?: number };
}

export interface ReportDeps {
  /** Reads trajectories, rationales and failure details for a lockfile (the executor's cache); optional. */
  loadSources?: (
    lock: Lockfile,
    lockFile: string,
    ctx: CommandContext,
    options?: { cacheDir?: string },
  ) => Promise<ReportSources> | ReportSources;
}

export async function reportCommand(ctx: CommandContext, deps: ReportDeps = {}): Promise<number> {
  const { values, positionals } = parseCommandArgs(ctx.args, commandOptions('report'), USAGE);
  if (positionals.length > 0) {
    // `evalc report pr.lock`, as diff takes its lockfiles: said only "unexpected argument" (QA183).
    const fromGiven = ctx.args.some((a) => a === '--from' || a.startsWith('--from='));
    // A plan file (`evalc report evalc.yaml`, as plan and apply take it) is pointed at the lock
    // beside it: `--from evalc.yaml` was refused in turn as a plan, not a lockfile (QA188).
    const given = positionals[0]!;
    const from = /\.ya?ml$/i.test(given) ? path.join(path.dirname(given), 'evalc.lock') : given;
    // A leading dash as ./-x: `--from -x` is refused, "argument is ambiguous" (QA258).
    const shown = shellWord(from.startsWith('-') ? `./${from}` : from);
    const hint =
      positionals.length === 1 && !fromGiven
        ? `: report reads its lockfile with --from (evalc report --from ${shown}${from === given ? '' : `, the lock beside that plan`})`
        : '';
    throw new ExitError(EXIT.usage, `unexpected argument "${positionals[0]}"${hint}\nusage: ${USAGE}`);
  }
  const format = values.format;
  if (format !== undefined && (typeof format !== 'string' || !(format in FORMAT_FILES))) {
    throw new ExitError(
      EXIT.usage,
      `unknown --format "${String(format)}" (md, html, json or junit)\nusage: ${USAGE}`,
    );
  }
  const cacheDir =
    typeof values['cache-dir'] === 'string' ? path.resolve(ctx.cwd, values['cache-dir']) : undefined;
  // A cache named on purpose that holds no step log is a mistake, not "render without details". A
  // folder it may not enter throws, said `no permission to read DIR/steps.log` as `cache stats`
  // says it (QA303: `no steps.log` of a folder holding one).
  if (cacheDir && statSync(path.join(cacheDir, 'steps.log'), { throwIfNoEntry: false }) === undefined)
    throw new ExitError(EXIT.failure, `no cache at ${cacheDir} (no steps.log)`);
  // Without --from it reads the evalc.lock evalc writes here: a FIFO there hung it in the read until
  // SIGKILL, as it did plan (82c7315, QA212); a lock named with --from is read as given (a pipe).
  if (!ctx.args.some((a) => a === '--from' || a.startsWith('--from='))) {
    const irregular = irregularLockFile(path.resolve(ctx.cwd, String(values.from)), { folders: false });
    if (irregular) throw new ExitError(EXIT.failure, irregular);
  }
  const current = loadLockArgument(ctx.cwd, String(values.from), 'report');
  const baseline =
    typeof values.baseline === 'string' ? loadLockArgument(ctx.cwd, values.baseline, 'baseline') : undefined;
  const sources = deps.loadSources
    ? await deps.loadSources(current.lock, current.file, ctx, cacheDir ? { cacheDir } : {})
    : {};
  const only = typeof format === 'string' ? FORMAT_FILES[format] : undefined;
  // `--from <(git show HEAD:evalc.lock)` is a pipe: it has no folder to hold .evalc/reports (QA26).
  if (values.out === undefined && !only && !isRegularFile(current.file))
    throw new ExitError(
      EXIT.usage,
      `${values.from} ${noFolder(current.file)}: there is no folder beside it for the reports; name one with --out DIR, or print one report with --format md|html|json|junit\nusage: ${USAGE}`,
    );
  const dir =
    typeof values.out === 'string'
      ? path.resolve(ctx.cwd, values.out)
      : path.join(lockPlanFolder(current.file), '.evalc', 'reports');
  // report.md names report.html where it is (relative to the lockfile's folder): in --out when
  // this command writes it there or it is already there, else where apply writes it (the default).
  // A lock with no folder (a pipe, /dev/stdin) names it from where the command runs (QA242: from
  // /dev or /proc/<pid>/fd, `../../../tmp/ci/out/report.html`).
  const writesHtml = !only || only === 'report.html';
  const reportsPath =
    values.out !== undefined && (writesHtml || existsSync(path.join(dir, 'report.html')))
      ? shownPath(isRegularFile(current.file) ? lockPlanFolder(current.file) : ctx.cwd, dir)
      : undefined;
  // With a baseline, the regression gates are judged as apply --baseline judges them, from the plan
  // the lock was applied from (report-regression-gates.ts), else say why they are not (QA55).
  const lock = baseline
    ? reportRegressionGates(current.lock, current.file, baseline.lock, ctx.cwd).lock
    : current.lock;
  const selection = baseline ? onlySelectionOf(current.file, current.lock, baseline.lock) : undefined;
  const input: ReportInput = {
    lock,
    ...(baseline ? { baseline: baseline.lock } : {}),
    ...(selection === undefined ? {} : { only: selection }),
    ...(sources.trajectories ? { trajectories: sources.trajectories } : {}),
    ...(sources.judgeRationales ? { judgeRationales: sources.judgeRationales } : {}),
    ...(sources.failureDetails ? { failureDetails: sources.failureDetails } : {}),
    ...(reportsPath === undefined ? {} : { reportsPath }),
    ...(sources.missingCache === undefined ? {} : { withoutCache: true }),
  };
  // Said after the reports are out, so that a failure stays the only line on stderr.
  const noteMissingCache = () => {
    const hint = cacheDirHint(cacheDir !== undefined || Boolean(ctx.env.EVALC_CACHE_DIR));
    const partial = sources.partialCache;
    if (partial)
      ctx.stderr(
        `note: the cache at ${path.relative(ctx.cwd, partial.cacheDir) || '.'} holds ${partialCacheText(partial.held, partial.of)} ${hint}\n`,
      );
    const pruned = sources.prunedNotes;
    if (pruned)
      ctx.stderr(
        `note: the cache at ${path.relative(ctx.cwd, pruned.cacheDir) || '.'} holds no failure details for ${prunedWhat(pruned)} (a cache prune drops them; --cache-dir DIR names the run's cache if it is elsewhere)\n`,
      );
    if (sources.missingCache === undefined) return;
    // A piped lock (`--from <(git show …)`) has no folder: "no cache at ../../dev/fd/.evalc/cache" (QA228).
    const shown = path.relative(ctx.cwd, sources.missingCache) || '.';
    const where = sources.foreignCache
      ? `the cache at ${shown} holds none of this lock's answers`
      : isRegularFile(current.file)
        ? `no cache at ${shown}`
        : `${values.from} is ${noFolderKind(current.file)}, with no folder and so no cache beside it`;
    ctx.stderr(
      `note: ${where}: the reports have no trajectories, judge rationales or failure details ${hint}\n`,
    );
  };
  // Each report is rendered only when it is written, one at a time and in pieces (QA86: the four
  // files were held as strings at once, 284 MB of report.json among them, ~1.7 GB RSS at 50k rows).
  if (only && values.out === undefined) {
    emitReportInPieces(only, input, ctx.stdout);
    noteMissingCache();
    return EXIT.ok;
  }
  const ignoreStateDir = ignoreStateDirIfMade(path.join(lockPlanFolder(current.file), '.evalc'));
  makeFolder(dir);
  ignoreStateDir();
  forgetReportStamp(dir);
  writeReportFiles(dir, input, only ? [only] : REPORT_FILES, (name) =>
    ctx.stdout(`wrote ${path.relative(ctx.cwd, path.join(dir, name)) || name}\n`),
  );
  noteMissingCache();
  return EXIT.ok;
}

/** The report command with sources wired in (the CLI entry passes the cache loader). */
export function createReportCommand(deps: ReportDeps): Command {
  return (ctx) => reportCommand(ctx, deps);
}

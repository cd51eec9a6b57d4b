/**
 * `evalc diff <old.lock> <new.lock> [--format text|md|json] [--fail-on regression]
 *  [--significance P] [--seed N] [--tolerance R]`
 * Exit 1 with `--fail-on regression` when a significant regression exists; 64 on usage errors.
 */
import { diffLocks } from '../lockfile/diff.js';
import { selectLock } from '../lockfile/select-lock.js';
import { sortKeys } from '../lockfile/serialize.js';
import { counted, renderMarkdownDiff, renderTextDiff } from '../reports/index.js';
import { parseCommandArgs } from './args.js';
import { commandOptions, commandUsage } from './command-help.js';
import type { CommandContext } from './context.js';
import { EXIT, ExitError } from './exit-error.js';
import { loadLockArgument } from './load-lock.js';
import { onlySelectionOf } from './only-selection.js';

const USAGE = commandUsage('diff');

/** The largest seed the 32-bit streams tell apart from a smaller one (2³² − 1). */
const MAX_SEED = 0xffffffff;

/** `takes` says what the flag takes: `invalid --significance "5"` named no range (QA183). */
function numberOption(
  value: string | boolean | undefined,
  name: string,
  check: (x: number) => boolean,
  takes: string,
) {
  if (value === undefined) return undefined;
  const x = Number(value);
  if (typeof value !== 'string' || value.trim() === '' || !Number.isFinite(x) || !check(x)) {
    throw new ExitError(EXIT.usage, `invalid --${name} "${String(value)}": ${takes}\nusage: ${USAGE}`);
  }
  return x;
}

export async function diffCommand(ctx: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(ctx.args, commandOptions('diff'), USAGE);
  const format = values.format;
  if (format !== 'text' && format !== 'md' && format !== 'json') {
    throw new ExitError(
      EXIT.usage,
      `unknown --format "${String(format)}" (text, md or json)\nusage: ${USAGE}`,
    );
  }
  const failOn = values['fail-on'];
  if (failOn !== undefined && failOn !== 'regression') {
    throw new ExitError(EXIT.usage, `unknown --fail-on "${String(failOn)}" (regression)\nusage: ${USAGE}`);
  }
  if (positionals.length !== 2) {
    throw new ExitError(EXIT.usage, `diff needs two lockfiles, got ${positionals.length}\nusage: ${USAGE}`);
  }
  const significance = numberOption(
    values.significance,
    'significance',
    (x) => x > 0 && x < 1,
    'a p-value threshold between 0 and 1, e.g. 0.05',
  );
  const seed = numberOption(
    values.seed,
    'seed',
    // The bootstrap and sign-flip streams take the seed as 32 bits (prng.ts): 4294967303 drew exactly
    // as 7, and 9007199254740993, past a double's integers, was read as …992 (QA262).
    (x) => Number.isInteger(x) && x >= 0 && x <= MAX_SEED,
    `a whole number from 0 to ${MAX_SEED}`,
  );
  const tolerance = numberOption(
    values.tolerance,
    'tolerance',
    (x) => x >= 0,
    'a relative tolerance, 0 or more, e.g. 0.2 for ±20%',
  );
  const old = loadLockArgument(ctx.cwd, positionals[0] ?? '', 'old');
  const now = loadLockArgument(ctx.cwd, positionals[1] ?? '', 'new');
  // One of them the lock of an `apply --only` (QA70): compare that selection of both, not the
  // other's datasets as removed or added.
  const oldOnly = onlySelectionOf(old.file, old.lock, now.lock);
  const nowOnly = onlySelectionOf(now.file, now.lock, old.lock);
  const only = (oldOnly === undefined) !== (nowOnly === undefined) ? (nowOnly ?? oldOnly) : undefined;
  if (only !== undefined)
    ctx.stderr(
      `evalc: note: ${positionals[nowOnly === undefined ? 0 : 1]} is the lock of an apply --only ${only}: comparing that part of both lockfiles\n`,
    );
  const pick = (lock: typeof old.lock) => (only === undefined ? lock : selectLock(lock, only));
  const diff = diffLocks(pick(old.lock), pick(now.lock), {
    ...(significance !== undefined ? { significance } : {}),
    ...(seed !== undefined ? { seed } : {}),
    ...(tolerance !== undefined ? { volatileTolerance: tolerance } : {}),
  });
  // The PR comment says which part was compared: the stderr note alone never reaches it (QA90).
  if (only !== undefined) diff.selection = { only, lock: nowOnly === undefined ? 'old' : 'new' };
  const failed = failOn === 'regression' && diff.summary.regressions > 0;
  if (format === 'json') {
    const exitCode = failed ? EXIT.failure : EXIT.ok;
    ctx.stdout(`${JSON.stringify(sortKeys({ ...diff, exitCode }), null, 2)}\n`);
  } else {
    ctx.stdout(format === 'md' ? renderMarkdownDiff(diff) : renderTextDiff(diff));
  }
  if (failed) {
    ctx.stderr(
      `evalc: ${counted(diff.summary.regressions, 'significant regression')} (--fail-on regression)\n`,
    );
    return EXIT.failure;
  }
  return EXIT.ok;
}

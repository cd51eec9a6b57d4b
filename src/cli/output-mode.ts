/**
 * How the command line's output is read (QA26): by a person at a terminal that can redraw a line,
 * or by a program that wants data.
 */

/**
 * A live progress line (cursor movement, erased lines) needs a terminal that understands it:
 * stderr a TTY, not `TERM=dumb` (Emacs' shell, some CI log viewers print the escapes as text), and
 * not a CI job. `CI` counts when set to anything but "", "0" or "false" (`CI=1` as well as `CI=true`).
 */
export function isLiveTerminal(isTTY: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  const ci = env.CI?.trim().toLowerCase();
  const inCi = ci !== undefined && ci !== '' && ci !== '0' && ci !== 'false';
  return Boolean(isTTY) && !inCi && env.TERM !== 'dumb';
}

/**
 * The caller reads stdout as JSON: `--json`, or `--format json` (`diff`, `report`). A refusal
 * (usage, unreadable lockfile) is then printed on stdout as a `result` object too, so a CI wrapper
 * that swallows exit codes still sees it. Arguments after `--` are not flags.
 */
export function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  const flags = end === -1 ? argv : argv.slice(0, end);
  return flags.some(
    (arg, i) =>
      arg === '--json' || arg === '--format=json' || (arg === '--format' && flags[i + 1] === 'json'),
  );
}

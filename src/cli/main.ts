#!/usr/bin/env node
/**
 * The evalc command line. The only place that calls process.exit; every command returns an
 * exit code (DESIGN.md §6) or throws ExitError.
 */
import { setMaxListeners } from 'node:events';
import { suggest } from '../plan/suggest.js';
import {
  isCommandName,
  overviewUsage,
  renderCommandHelp,
  renderCommandHelpJson,
  renderOverview,
  renderOverviewJson,
} from './command-help.js';
import type { Command, CommandContext } from './context.js';
import { EXIT, ExitError } from './exit-error.js';
import { describeFatal } from './fatal-error.js';
import { flagBeforeCommand } from './flag-before-command.js';
import { isLiveTerminal, wantsJson } from './output-mode.js';
import { type OutputFailure, openProcessOutput } from './process-output.js';
import { terminalSafe } from './terminal-safe.js';

/** Commands are loaded on demand, so `evalc validate` does not pay for the apply engine or reports. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  init: async () => (await import('./init.js')).initCommand,
  validate: async () => (await import('./validate.js')).validateCommand,
  plan: async () => (await import('./plan.js')).planCommand,
  apply: async () => (await import('./apply.js')).applyCommand,
  diff: async () => (await import('./diff.js')).diffCommand,
  report: async () => {
    const [{ createReportCommand }, { loadReportSources }] = await Promise.all([
      import('./report.js'),
      import('./report-sources.js'),
    ]);
    return createReportCommand({ loadSources: loadReportSources });
  },
  graph: async () => (await import('./graph.js')).graphCommand,
  schema: async () => (await import('./schema.js')).schemaCommand,
  cache: async () => (await import('./cache.js')).cacheCommand,
  lint: async () => (await import('./lint.js')).lintCommand,
};

const HELP = renderOverview();

const controller = new AbortController();
setMaxListeners(0, controller.signal);

/** stdout failed for another reason than a reader that left (a full disk): what it printed is lost. */
let lostOutput: OutputFailure | undefined;
/** A reader of stdout or stderr went away (EPIPE): the command was asked to stop. */
let readerLeft = false;
const commandName = process.argv[2];

/**
 * A closed pipe (`evalc apply --json | head -3`, QA26) stops the command like a first Ctrl-C:
 * apply stops dispatching, lets the steps in flight finish and be cached, and exits 130 (it exited
 * 0 at once, without a lockfile); a command that has computed its output finishes with its own
 * exit code. stdout that cannot be written (ENOSPC, EIO) says so in one line on stderr, stops the
 * same way and exits 1 (it printed a stack trace). stderr whose reader left stops the same way; a
 * stderr that fails otherwise (a full disk) is dropped: nowhere left to say it, and the run goes on.
 */
function onOutputFailure(failure: OutputFailure): void {
  if (failure.code === 'EPIPE') {
    readerLeft = true;
    controller.abort();
    return;
  }
  // stderr on a full disk (`2>run.log`) loses progress lines, not results: the run goes on.
  if (failure.stream === 'stderr') return;
  controller.abort();
  lostOutput = failure;
  stderr.write(`evalc: cannot write to stdout: ${failure.message}\n`);
}
const stdout = openProcessOutput(process.stdout, 'stdout', onOutputFailure);
const stderr = openProcessOutput(process.stderr, 'stderr', onOutputFailure);

/**
 * A run whose output was lost is a runtime failure, not "ok", "plan has work" or "interrupted".
 * An apply that a closed pipe stopped says why on stderr (said at the end: a run that had already
 * finished when the reader left keeps its own code and needs no word; `evalc plan | head` neither).
 */
function exitCodeAfterOutput(code: number): number {
  const lost = lostOutput && (code === EXIT.ok || code === EXIT.changes || code === EXIT.interrupted);
  if (!lost && readerLeft && code === EXIT.interrupted && commandName === 'apply')
    stderr.write(
      'evalc: stopped because stdout was closed by its reader (like Ctrl-C: the steps in flight finished and were cached; no lockfile written)\n',
    );
  return lost ? EXIT.failure : code;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    // `evalc help apply` is `evalc apply --help`; so is `evalc --help apply`, as in git (it printed the overview).
    const topic = name === undefined ? undefined : args[0];
    if (topic !== undefined && isCommandName(topic)) {
      stdout.write(wantsJson(argv) ? renderCommandHelpJson(topic) : renderCommandHelp(topic));
      return EXIT.ok;
    }
    // `evalc help bogus` is the unknown command `evalc bogus --help` is (it printed the overview, exit 0; QA47).
    // `evalc help help` is the overview: it read 'unknown command "help" (did you mean help?)' (QA207).
    if (topic !== undefined && topic !== 'help' && !topic.startsWith('-')) {
      const message = unknownCommand(topic);
      stderr.write(terminalSafe(`evalc: ${message}\n${overviewUsage()}`));
      // --json callers read stdout, as for `evalc bogus --json` (QA207: `evalc help bogus --json` wrote nothing there).
      if (wantsJson(argv))
        stdout.write(
          `${JSON.stringify({ event: 'result', exitCode: EXIT.usage, status: 'usage', message })}\n`,
        );
      return EXIT.usage;
    }
    // Asked for, the overview is the output (stdout); `evalc` alone is a usage error (stderr, 64).
    if (name === undefined) {
      stderr.write(HELP);
      return EXIT.usage;
    }
    stdout.write(wantsJson(argv) ? renderOverviewJson() : HELP);
    return EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    const version = (await import('../version.js')).EVALC_VERSION;
    // --json: as data, as `--help --json` is (QA250: '0.1.0' alone, which JSON.parse refuses)
    stdout.write(wantsJson(argv) ? `${JSON.stringify({ version, exitCode: EXIT.ok })}\n` : `${version}\n`);
    return EXIT.ok;
  }
  const load = COMMANDS[name];
  if (!load) {
    const message = name.startsWith('-')
      ? flagBeforeCommand(name, args, Object.keys(COMMANDS))
      : unknownCommand(name);
    // The word is echoed as typed: its control characters are spelt out, as every command's messages
    // are (QA48; QA188: `evalc $'ap\e[31mply'` coloured the terminal).
    stderr.write(terminalSafe(`evalc: ${message}\n${overviewUsage()}`));
    // --json callers read stdout: an unknown command is a usage error like any other (QA35).
    if (wantsJson(argv))
      stdout.write(
        `${JSON.stringify({ event: 'result', exitCode: EXIT.usage, status: 'usage', message })}\n`,
      );
    return EXIT.usage;
  }
  // `--help` / `-h` anywhere before a `--` prints the command's flags and runs nothing.
  const ownArgs = args.includes('--') ? args.slice(0, args.indexOf('--')) : args;
  if (isCommandName(name) && (ownArgs.includes('--help') || ownArgs.includes('-h'))) {
    // --json (or --format json) asks for the help as data, as every command's output has a JSON form (QA243).
    stdout.write(wantsJson(argv) ? renderCommandHelpJson(name) : renderCommandHelp(name));
    return EXIT.ok;
  }
  // Exiting at once (a second Ctrl-C or SIGTERM): --json callers still get the result event, the
  // last line they read for the exit code (QA35: the stream just stopped after `step_started`).
  const exitHooks: ((again: string) => void)[] = [];
  const exitNow = (again = 'Ctrl-C'): never => {
    for (const hook of exitHooks) hook(again);
    if (wantsJson(argv))
      stdout.write(
        `${JSON.stringify({ event: 'result', exitCode: EXIT.interrupted, status: 'interrupted', message: name !== 'apply' ? 'interrupted' : beforeRun ? 'interrupted: exited at once, before the run: no step had started' : 'interrupted: exited at once; steps in flight were dropped, completed steps are cached' })}\n`,
      );
    process.exit(EXIT.interrupted);
  };
  let notice = (line: string) => stderr.write(`${line}\n`);
  // Until apply's run starts (agents starting, /info asked) no step is in flight: a stop says
  // "stopping before the run" (QA183), and a second one no step "dropped" (QA188).
  let beforeRun = name === 'apply';
  // Every stop signal counts toward "a second exits at once", whatever its kind: a Ctrl-C
  // then a SIGTERM (a CI job cancelled while apply finished its steps) waited out the 30 s grace,
  // as did a SIGTERM then a Ctrl-C, each counted apart (QA140). SIGHUP (the terminal or ssh session
  // closed) is a SIGTERM: by default it killed apply outright, dropping the answers in flight.
  let stops = 0;
  const stop = (how: string, again: string) => {
    stops++;
    // Like SIGTERM, a command other than apply and cache has nothing to finish: it exits 130 at
    // once (QA47: a Ctrl-C during `plan` cancelled its /info question, and plan went on to print a
    // plan saying the agent "did not answer /info", exit 2; QA21: validate downloading a slow
    // remote dataset ignored SIGTERM).
    if (name !== 'apply' && name !== 'cache') exitNow();
    if (stops === 1) {
      // A SIGTERM said nothing while apply finished its steps (QA140): a cancelled CI job's log
      // showed the run going on, then one line at its end.
      // The way out named is the signal's own (a CI job's second SIGTERM; it read "Ctrl-C again"
      // after any signal, QA148), and a Ctrl-C, which any kind of second signal also is.
      const exit = again === 'Ctrl-C' ? 'Ctrl-C again' : `${again} again or Ctrl-C`;
      // The line break ends a terminal's echoed `^C`; a log or pipe has none, and showed a blank line (QA183).
      notice(
        `${process.stderr.isTTY ? '\n' : ''}evalc: ${how} — ${beforeRun ? 'stopping before the run' : 'finishing steps in flight'} (${exit} to exit now)`,
      );
      controller.abort();
    } else {
      // The second Ctrl-C said nothing without --json (QA95).
      // On a terminal the line break ends the second echoed `^C` too (QA188: `^Cevalc: exited at once`).
      if (name === 'apply')
        notice(
          `${process.stderr.isTTY ? '\n' : ''}evalc: exited at once (${again} again)${beforeRun ? ', before the run: no step had started' : ': steps in flight were dropped, completed steps are cached'}`,
        );
      exitNow(again);
    }
  };
  process.on('SIGINT', () => stop('interrupted', 'Ctrl-C'));
  process.on('SIGTERM', () => stop('stopped by SIGTERM', 'SIGTERM'));
  process.on('SIGHUP', () => stop('stopped by SIGHUP', 'SIGHUP'));
  const ctx: CommandContext = {
    args,
    cwd: currentFolder(),
    env: process.env,
    // What reaches a terminal shows its control characters as `\u001b` (QA48): an `--only`, a file
    // name, an agent's error text echoed in a message cannot move the cursor or retitle the window.
    stdout: process.stdout.isTTY ? (text) => stdout.write(terminalSafe(text)) : stdout.write,
    stderr: (text) => stderr.write(terminalSafe(text)),
    stderrRaw: stderr.write,
    signal: controller.signal,
    isTTY: isLiveTerminal(process.stderr.isTTY, process.env),
    atExitNow: (hook) => exitHooks.push(hook),
    noticesVia: (say) => {
      notice = say;
    },
    runStarts: () => {
      beforeRun = false;
    },
  };
  return (await load())(ctx);
}

/**
 * An unknown command, named with the one it may have meant, as an unknown flag is (`evalc aply`
 * listed the commands and suggested none, QA188).
 */
function unknownCommand(name: string): string {
  // `help` is read before the commands, and is one too: `evalc hlep` suggested nothing (QA193).
  const near = suggest(name, [...Object.keys(COMMANDS), 'help']);
  return `unknown command "${name}"${near === undefined ? '' : ` (did you mean ${near}?)`}`;
}

/**
 * The current folder. A shell whose folder was deleted (or replaced: `rm -rf build && mkdir build`,
 * a CI workspace checked out again) has none: process.cwd() throws ENOENT, which was an
 * "internal error" with a stack trace (QA26).
 */
function currentFolder(): string {
  try {
    return process.cwd();
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (code !== 'ENOENT' && code !== 'EACCES') throw err;
    throw new ExitError(
      EXIT.failure,
      `the current folder ${code === 'ENOENT' ? 'no longer exists (deleted or replaced since this shell entered it)' : 'cannot be read'}: cd into a folder again (${code})`,
    );
  }
}

/** For messages only: paths are shown from the root when the current folder is gone. */
function cwdOrRoot(): string {
  try {
    return process.cwd();
  } catch {
    return '/';
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = exitCodeAfterOutput(code);
  },
  (err: unknown) => {
    const fatal = describeFatal(err, cwdOrRoot());
    // A refusal echoes what was typed (an unknown flag, a --format value, a path): spelt out as
    // every other message is (QA193: `--format $'x\e[2J'` cleared the terminal).
    stderr.write(terminalSafe(fatal.stderr));
    if (wantsJson(process.argv)) stdout.write(`${JSON.stringify(fatal.result)}\n`);
    process.exitCode = err instanceof ExitError ? exitCodeAfterOutput(fatal.code) : fatal.code;
  },
);

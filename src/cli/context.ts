/** What every command receives: parsed arguments and where to write. */
export interface CommandContext {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /**
   * stderr without the control-character filter of `stderr` (QA48): for the live progress display,
   * whose cursor moves are its own escape sequences. Absent where stderr is not a terminal.
   */
  stderrRaw?: (text: string) => void;
  signal: AbortSignal;
  isTTY: boolean;
  /**
   * Runs `hook` when the command exits at once (a second Ctrl-C, a second SIGTERM), before the
   * interrupted `result` event: apply's --json ends the steps it drops there. `again` names that
   * second signal as stderr does (`Ctrl-C`, `SIGTERM`, `SIGHUP`).
   */
  atExitNow?: (hook: (again: string) => void) => void;
  /**
   * Where the Ctrl-C notices go from now on (one line each, no newline): apply's live display
   * prints them above its lines, where its next redraw kept overwriting them (QA95).
   */
  noticesVia?: (say: (line: string) => void) => void;
  /** Apply's run has started: from now on a stop finishes (or drops) steps in flight. */
  runStarts?: () => void;
}

export type Command = (ctx: CommandContext) => Promise<number>;

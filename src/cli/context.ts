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
}

export type Command = (ctx: CommandContext) => Promise<number>;

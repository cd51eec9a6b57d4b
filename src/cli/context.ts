/** What every command receives: parsed arguments and where to write. */
export interface CommandContext {
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  signal: AbortSignal;
  isTTY: boolean;
}

export type Command = (ctx: CommandContext) => Promise<number>;

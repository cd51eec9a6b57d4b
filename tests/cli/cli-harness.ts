/** Runs a command in-process with captured output (the CLI boundary turns ExitError into a code). */
import type { CommandContext } from '../../src/cli/context.js';

export interface Captured {
  ctx: CommandContext;
  out: () => string;
  err: () => string;
}

export function captureContext(args: string[], cwd: string): Captured {
  let out = '';
  let err = '';
  return {
    ctx: {
      args,
      cwd,
      env: {},
      stdout: (t) => {
        out += t;
      },
      stderr: (t) => {
        err += t;
      },
      signal: new AbortController().signal,
      isTTY: false,
    },
    out: () => out,
    err: () => err,
  };
}

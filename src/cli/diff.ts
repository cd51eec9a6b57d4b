import type { CommandContext } from './context.js';
import { EXIT, ExitError } from './exit-error.js';

export async function diffCommand(_ctx: CommandContext): Promise<number> {
  throw new ExitError(EXIT.failure, 'diff is not built yet');
}

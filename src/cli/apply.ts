import type { CommandContext } from './context.js';
import { EXIT, ExitError } from './exit-error.js';

export async function applyCommand(_ctx: CommandContext): Promise<number> {
  throw new ExitError(EXIT.failure, 'apply is not built yet');
}

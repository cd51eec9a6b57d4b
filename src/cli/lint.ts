import type { CommandContext } from './context.js';
import { EXIT, ExitError } from './exit-error.js';

export async function lintCommand(_ctx: CommandContext): Promise<number> {
  throw new ExitError(EXIT.failure, 'lint is not built yet');
}

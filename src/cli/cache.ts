import type { CommandContext } from './context.js';
import { EXIT, ExitError } from './exit-error.js';

export async function cacheCommand(_ctx: CommandContext): Promise<number> {
  throw new ExitError(EXIT.failure, 'cache is not built yet');
}

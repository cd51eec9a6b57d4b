import type { CommandContext } from './context.js';
import { EXIT, ExitError } from './exit-error.js';

export async function reportCommand(_ctx: CommandContext): Promise<number> {
  throw new ExitError(EXIT.failure, 'report is not built yet');
}

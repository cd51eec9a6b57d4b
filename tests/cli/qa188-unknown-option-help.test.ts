/**
 * QA188: `evalc apply --hlep` read "Unknown option '--hlep'", naming no near miss: --help is read
 * before a command's own options (main.ts), so 34a7a03's suggestion never offered it. It is now
 * among the candidates (exit 64 as before).
 */
import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from '../../src/cli/args.js';
import { ExitError } from '../../src/cli/exit-error.js';

function firstLine(args: string[]): string {
  try {
    parseCommandArgs(args, { locked: { type: 'boolean' }, json: { type: 'boolean' } }, 'evalc apply [plan]');
  } catch (err) {
    if (err instanceof ExitError && err.code === 64) return err.message.split('\n')[0]!;
    throw err;
  }
  throw new Error('accepted');
}

describe('a misspelt --help', () => {
  it('is told --help', () => {
    expect(firstLine(['--hlep'])).toBe("Unknown option '--hlep' (did you mean --help?)");
    expect(firstLine(['--lcoked'])).toBe("Unknown option '--lcoked' (did you mean --locked?)");
  });
});

/**
 * QA183: an unknown option was refused with Node's message, whose advice ended in an unclosed
 * quote (`… after '--', as in '-- "--lcoked"`) and suggested passing the flag as a file name.
 * A `--` flag is now named alone, with the flag it may have meant; a single-dash word, likelier a
 * file name starting with `-`, keeps the advice to put it after `--`, quoted whole.
 */
import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from '../../src/cli/args.js';
import { ExitError } from '../../src/cli/exit-error.js';

const APPLY = {
  locked: { type: 'boolean' },
  frozen: { type: 'boolean' },
  refresh: { type: 'boolean' },
  only: { type: 'string' },
} as const;

function firstLine(args: string[]): string {
  try {
    parseCommandArgs(args, APPLY, 'evalc apply [plan] [--locked]');
  } catch (err) {
    if (err instanceof ExitError && err.code === 64) return err.message.split('\n')[0]!;
    throw err;
  }
  throw new Error('accepted');
}

describe('an unknown option (QA183)', () => {
  it('a misspelt flag is told the one it may have meant', () => {
    expect(firstLine(['--lcoked'])).toBe("Unknown option '--lcoked' (did you mean --locked?)");
    expect(firstLine(['--onyl=t'])).toBe("Unknown option '--onyl' (did you mean --only?)");
  });

  it('a flag near none is named alone, with no advice to pass it as a file name', () => {
    expect(firstLine(['--bogus'])).toBe("Unknown option '--bogus'");
  });

  it('a single-dash word keeps the advice, naming the whole word', () => {
    expect(firstLine(['-plan.yaml'])).toBe(
      "Unknown option '-p' (in -plan.yaml): a file name starting with - goes after --, as in `-- -plan.yaml`",
    );
    expect(firstLine(['-x'])).toBe(
      "Unknown option '-x': a file name starting with - goes after --, as in `-- -x`",
    );
  });
});

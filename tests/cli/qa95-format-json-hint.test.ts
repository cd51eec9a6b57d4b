/**
 * QA95: `evalc diff old.lock new.lock --json` (the flag apply and plan take) was refused with
 * Node's "Unknown option '--json'. To specify a positional argument starting with a '-', place it
 * at the end of the command after '--'": advice to pass it as a file name. diff and report write
 * JSON with `--format json`, and now say so.
 */
import { describe, expect, it } from 'vitest';
import { parseCommandArgs } from '../../src/cli/args.js';
import { ExitError } from '../../src/cli/exit-error.js';

const FORMAT = { format: { type: 'string' }, 'fail-on': { type: 'string' } } as const;

function refusal(args: string[], options: Parameters<typeof parseCommandArgs>[1]): ExitError {
  try {
    parseCommandArgs(args, options, 'evalc diff <old.lock> <new.lock> [--format text|md|json]');
  } catch (err) {
    if (err instanceof ExitError) return err;
    throw err;
  }
  throw new Error('accepted');
}

describe('--json on a command that takes --format (QA95)', () => {
  it('names --format json', () => {
    const err = refusal(['a.lock', 'b.lock', '--json'], FORMAT);
    expect(err.code).toBe(64);
    expect(err.message.split('\n')[0]).toBe(
      'unknown option --json: this command writes JSON with --format json',
    );
  });

  it('another unknown option keeps its own message, even beside --json', () => {
    const err = refusal(['a.lock', '--fromm', 'x', '--json'], FORMAT);
    expect(err.message).toContain("Unknown option '--fromm'");
  });

  it('a command without --format keeps the generic message', () => {
    const err = refusal(['--json'], { quiet: { type: 'boolean' } });
    expect(err.message).toContain("Unknown option '--json'");
  });
});

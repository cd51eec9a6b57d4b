/**
 * QA183: `evalc diff a b --significance 5` (or `--seed 1.5`, `--tolerance 20%`) said only
 * `invalid --significance "5"`, naming neither the range nor the form the flag takes. The refusal
 * (exit 64, before any lockfile is read) now says what each takes.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { diffCommand } from '../../src/cli/diff.js';
import { runCommand } from './run-cli.js';

describe('evalc diff: a number flag out of its range', () => {
  it.each([
    ['--significance', '5', 'invalid --significance "5": a p-value threshold between 0 and 1, e.g. 0.05'],
    ['--seed', '1.5', 'invalid --seed "1.5": a whole number from 0 to 4294967295'],
    ['--tolerance', '20%', 'invalid --tolerance "20%": a relative tolerance, 0 or more, e.g. 0.2 for ±20%'],
  ])('%s %s names what it takes', async (flag, value, message) => {
    const result = await runCommand(diffCommand, ['a.lock', 'b.lock', flag, value], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe(`evalc: ${message}`);
  });
});

/**
 * QA203: a value flag followed by a negative number, written with a space as the README writes
 * flags (`evalc diff a b --tolerance -0.5`, `--seed -3`, `apply --concurrency -2`), got Node's
 * parser message — `Option '--tolerance' argument is ambiguous. Did you forget to specify the
 * option argument …? To specify an option argument starting with a dash use '--tolerance=-XYZ'` —
 * and, written so, was refused all the same. Now the number is the flag's value and the refusal
 * says what the flag takes (exit 64), as it does for `--tolerance=-1`.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { diffCommand } from '../../src/cli/diff.js';
import { runCommand } from './run-cli.js';

describe("a negative number after a value flag is that flag's value", () => {
  it.each([
    ['--tolerance', '-0.5', 'invalid --tolerance "-0.5": a relative tolerance, 0 or more, e.g. 0.2 for ±20%'],
    ['--seed', '-3', 'invalid --seed "-3": a whole number from 0 to 4294967295'],
    ['--significance', '-.5', 'invalid --significance "-.5": a p-value threshold between 0 and 1, e.g. 0.05'],
  ])('diff %s %s names what it takes', async (flag, value, message) => {
    const result = await runCommand(diffCommand, ['a.lock', 'b.lock', flag, value], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe(`evalc: ${message}`);
  });

  it('apply --concurrency -2 says it takes a positive whole number', async () => {
    const result = await runCommand(applyCommand, ['--concurrency', '-2'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe('evalc: --concurrency takes a positive whole number');
  });

  it('a dash word that is no number is still an unknown option, not a value', async () => {
    const result = await runCommand(diffCommand, ['a.lock', 'b.lock', '--seed', '-x'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr).not.toContain('invalid --seed');
  });
});

/**
 * QA207: a value flag followed by another flag of the command, its value left out (`apply --only
 * --json`, `diff a b --tolerance --seed 3`), read Node's "Option '--only' argument is ambiguous. Did
 * you forget …? To specify an option argument starting with a dash use '--only=-XYZ'". It now says
 * the value is missing, naming the flag after it; a value starting with a dash that is no flag keeps
 * Node's advice, which is right for it.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { diffCommand } from '../../src/cli/diff.js';
import { runCommand } from './run-cli.js';

describe('a value flag whose value was left out before another flag', () => {
  it.each([
    [applyCommand, ['--only', '--json'], '--only needs a value: the word after it, --json, is a flag'],
    [
      applyCommand,
      ['--out', '--concurrency=2'],
      '--out needs a value: the word after it, --concurrency=2, is a flag',
    ],
    [
      diffCommand,
      ['a', 'b', '--tolerance', '--seed', '3'],
      '--tolerance needs a value: the word after it, --seed, is a flag',
    ],
  ] as const)('%#: says so', async (command, args, message) => {
    const result = await runCommand(command, [...args], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe(`evalc: ${message}`);
  });

  it('a dash word that is no flag keeps the advice to write --out=-x', async () => {
    const result = await runCommand(applyCommand, ['--out', '-x'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain("'--out=-XYZ'");
  });
});

/**
 * QA196: the line a flag before the command is told to type does what was meant: the word after a
 * flag that takes a value is that value, even when it is a command's name too. `evalc --only plan
 * apply x.yaml` read `evalc plan --only apply x.yaml`, another command.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

describe('the line offered for a flag before the command', () => {
  it.each([
    [['--only', 'plan', 'apply', 'x.yaml'], 'evalc apply --only plan x.yaml'],
    [['--format', 'diff', 'report', '--lock', 'a.lock'], 'evalc report --format diff --lock a.lock'],
    [['--only=plan', 'apply'], 'evalc apply --only=plan'],
  ])('%j keeps a flag value that is a command name as the value', (args, command) => {
    const run = spawnCli(args, { cwd: os.tmpdir() });
    expect(run.code).toBe(64);
    expect(run.stderr.split('\n')[0]).toBe(`evalc: ${args[0]} goes after the command: ${command}`);
  });
});

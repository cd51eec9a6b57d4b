/**
 * QA188: a flag with its value before the command, `evalc --only search apply`, was told
 * '--only goes after the command: evalc apply --only', its value dropped (5087450 named the flag
 * alone). What came between the flag and the command goes with it (exit 64 as before).
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

describe('flags before the command', () => {
  it.each([
    [['--only', 'search', 'apply'], '--only goes after the command: evalc apply --only search'],
    [
      ['--json', '--quiet', 'apply', 'evalc.yaml'],
      '--json goes after the command: evalc apply --json --quiet evalc.yaml',
    ],
    [['--json', 'plan'], '--json goes after the command: evalc plan --json'],
  ])('%j keeps what came with the flag', (args, message) => {
    const result = spawnCli(args, { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe(`evalc: ${message}`);
  });
});

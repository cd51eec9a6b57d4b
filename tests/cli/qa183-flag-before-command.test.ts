/**
 * QA183: a flag before the command, `evalc --json plan` or `evalc --quiet`, was refused as
 * `unknown command "--json"`. It now says the flag goes after the command, naming the command
 * when one follows (exit 64; under --json also the usage result event on stdout, QA35).
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

describe('a flag before the command', () => {
  it('names the command it goes after', () => {
    const result = spawnCli(['--json', 'plan'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe('evalc: --json goes after the command: evalc plan --json');
    expect(JSON.parse(result.stdout.trim())).toEqual({
      event: 'result',
      exitCode: 64,
      status: 'usage',
      message: '--json goes after the command: evalc plan --json',
    });
  });

  it('with no command, says a command comes first', () => {
    const result = spawnCli(['--quiet'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe(
      'evalc: --quiet is no command: evalc takes a command first, then its flags (evalc <command> --quiet)',
    );
    expect(result.stdout).toBe('');
  });
});

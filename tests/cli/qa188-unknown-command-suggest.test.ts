/**
 * QA188: `evalc aply` listed the commands and suggested none, while an unknown flag names the one
 * it may have meant (34a7a03). An unknown command now does too, in `evalc help <command>` and in
 * the --json result event; a word near no command reads as before.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

describe('an unknown command near a known one', () => {
  it('names the command it may have meant (exit 64)', () => {
    const run = spawnCli(['aply'], { cwd: os.tmpdir() });
    expect(run.code).toBe(64);
    expect(run.stderr).toMatch(
      /^evalc: unknown command "aply" \(did you mean apply\?\)\nusage: evalc <command> /,
    );
    expect(run.stdout).toBe('');
  });

  it('in evalc help <command> and in the --json result event', () => {
    expect(spawnCli(['help', 'valdiate'], { cwd: os.tmpdir() }).stderr).toMatch(
      /^evalc: unknown command "valdiate" \(did you mean validate\?\)\n/,
    );
    const run = spawnCli(['reprot', '--json'], { cwd: os.tmpdir() });
    expect(run.code).toBe(64);
    expect(JSON.parse(run.stdout.trim())).toEqual({
      event: 'result',
      exitCode: 64,
      status: 'usage',
      message: 'unknown command "reprot" (did you mean report?)',
    });
  });

  it('spells out the control characters of the word it echoes (a command or a flag before one)', () => {
    for (const args of [['ap\u001b[31mply'], ['help', 'x\u001b]0;t\u0007'], ['--x\u001b[2J', 'plan']]) {
      const run = spawnCli(args, { cwd: os.tmpdir() });
      expect(run.code).toBe(64);
      expect(run.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
      expect(run.stderr).toContain('\\u001b');
      expect(run.stderr).toContain('usage: evalc <command> [options]');
    }
  });

  it('suggests nothing for a word near no command', () => {
    const run = spawnCli(['bogus'], { cwd: os.tmpdir() });
    expect(run.stderr).toMatch(/^evalc: unknown command "bogus"\nusage: /);
  });
});

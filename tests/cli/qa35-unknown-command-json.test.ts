/**
 * QA35: `evalc bogus --json` exited 64 with nothing on stdout, while every other usage error
 * under --json (an unknown flag, a bad --format) also prints a `result` event there. DESIGN §6:
 * "--json mirrors them as fields, because CI wrappers often swallow exit codes".
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

describe('an unknown command under --json', () => {
  it('prints a usage result event with exit code 64 on stdout', () => {
    const result = spawnCli(['bogus', '--json'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('unknown command "bogus"');
    const event = JSON.parse(result.stdout.trim()) as Record<string, unknown>;
    expect(event).toEqual({
      event: 'result',
      exitCode: 64,
      status: 'usage',
      message: 'unknown command "bogus"',
    });
  });

  it('prints nothing on stdout without --json', () => {
    const result = spawnCli(['bogus'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stdout).toBe('');
  });
});

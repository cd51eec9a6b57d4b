/** With --json, a usage error is also a `result` event on stdout (CI wrappers read stdout). */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

describe('usage errors under --json', () => {
  it('print a result event with exit code 64 on stdout and the message on stderr', () => {
    const result = spawnCli(['apply', '--json', '--concurrency', '0'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('--concurrency takes a positive whole number');
    const event = JSON.parse(result.stdout.trim()) as Record<string, unknown>;
    expect(event).toMatchObject({ event: 'result', exitCode: 64, status: 'usage' });
    expect(String(event.message)).toContain('--concurrency takes a positive whole number');
  });

  it('print nothing on stdout without --json', () => {
    const result = spawnCli(['apply', '--concurrency', '0'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stdout).toBe('');
  });
});

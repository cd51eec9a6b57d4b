/**
 * QA183: `evalc report pr.lock` (the lockfile given as diff takes its two) said only
 * `unexpected argument "pr.lock"`. It now says that report reads its lockfile with --from, and
 * how (exit 64 as before, nothing read).
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { reportCommand } from '../../src/cli/report.js';
import { runCommand } from './run-cli.js';

describe('evalc report with a positional lockfile', () => {
  it('names --from', async () => {
    const result = await runCommand(reportCommand, ['pr.lock', '--format', 'md'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe(
      'evalc: unexpected argument "pr.lock": report reads its lockfile with --from (evalc report --from pr.lock)',
    );
  });

  it('beside --from, the argument is only unexpected', async () => {
    const result = await runCommand(reportCommand, ['--from', 'a.lock', 'b.lock'], { cwd: os.tmpdir() });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe('evalc: unexpected argument "b.lock"');
  });
});

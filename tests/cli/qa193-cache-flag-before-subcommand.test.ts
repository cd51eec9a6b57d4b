/**
 * QA193: a flag before `evalc cache`'s subcommand is told the whole line to type: what came after
 * the subcommand was dropped (89a7740), so `evalc cache --lock a.lock prune --dry-run` read
 * `evalc cache prune --lock a.lock`, which prunes where a dry run was asked for.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

describe('a flag before the cache subcommand', () => {
  it.each([
    [['--lock', 'a.lock', 'prune', '--dry-run'], '--lock', 'evalc cache prune --lock a.lock --dry-run'],
    [['--json', 'stats', 'plans/x.yaml'], '--json', 'evalc cache stats --json plans/x.yaml'],
    [['--cache-dir', 'my cache', 'stats'], '--cache-dir', `evalc cache stats --cache-dir 'my cache'`],
  ])('%j keeps the whole command line', (args, flag, line) => {
    const run = spawnCli(['cache', ...args], { cwd: os.tmpdir() });
    expect(run.code).toBe(64);
    expect(run.stderr.split('\n')[0]).toBe(
      `evalc: cache needs stats or prune first, got "${flag}": ${flag} goes after it, ${line}`,
    );
  });
});

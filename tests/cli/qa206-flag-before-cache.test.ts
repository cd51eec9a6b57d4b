/**
 * QA206: a flag before `cache` was told to go after the command with cache's subcommand left behind
 * it, `evalc --json cache stats` → `evalc cache --json stats`, which cache refuses, 'cache needs
 * stats or prune first'. The line offered puts the subcommand first, and it runs.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../fixtures/temp-folder.js';
import { spawnCli } from './run-cli.js';

describe('a flag before cache', () => {
  it.each([
    [['--json', 'cache', 'stats'], 'evalc cache stats --json'],
    [['--cache-dir', 'x', 'cache', 'prune', '--dry-run'], 'evalc cache prune --cache-dir x --dry-run'],
    [['--json', 'cache', '--lock', 'stats', 'prune'], 'evalc cache prune --json --lock stats'],
    [['--json', 'cache'], 'evalc cache stats --json (cache needs stats or prune first)'],
  ])('%j is told a line with the subcommand first', (args, line) => {
    const run = spawnCli(args, { cwd: os.tmpdir() });
    expect(run.code).toBe(64);
    expect(run.stderr.split('\n')[0]).toBe(`evalc: ${args[0]} goes after the command: ${line}`);
  });

  it('offers a line that cache runs', () => {
    const dir = tempFolder('evalc-qa206-cache-');
    const offered = spawnCli(['--json', '--cache-dir', 'c', 'cache', 'stats'], {
      cwd: dir,
    });
    const line = offered.stderr.split('\n')[0]!.split(': evalc ')[1]!;
    expect(line).toBe('cache stats --json --cache-dir c');
    const run = spawnCli(line.split(' '), { cwd: dir });
    // Read as cache stats: it looks for the cache, which this empty folder has none of.
    expect(run.stderr).not.toContain('needs stats or prune');
    expect(run.stderr).toContain('no cache at');
    expect(run.code).toBe(1);
  });
});

/**
 * QA213 (the case next to 1ac007f): a flag before `cache` with no subcommand, `evalc --json cache`,
 * was told 'evalc cache --json', which cache refuses, 'cache needs stats or prune first'. It is
 * told 'evalc cache stats --json (cache needs stats or prune first)', a line cache runs.
 */
import { describe, expect, it } from 'vitest';
import { tempFolder } from '../fixtures/temp-folder.js';
import { spawnCli } from './run-cli.js';

describe('a flag before cache with no subcommand', () => {
  it.each([
    [['--json', 'cache'], '--json goes after the command: evalc cache stats --json'],
    [
      ['-j', 'cache', '--cache-dir', 'c'],
      '-j goes after the command, as --json: evalc cache stats --json --cache-dir c',
    ],
  ])('%j is told a line with stats, which cache runs', (args, told) => {
    const dir = tempFolder('evalc-qa213-cache-');
    const run = spawnCli(args, { cwd: dir });
    expect(run.code).toBe(64);
    expect(run.stderr.split('\n')[0]).toBe(`evalc: ${told} (cache needs stats or prune first)`);
    const line = told.split(': evalc ')[1]!.split(' ');
    const offered = spawnCli(line, { cwd: dir });
    expect(offered.stderr).not.toContain('needs stats or prune');
    expect(offered.stderr).toContain('no cache at');
  });
});

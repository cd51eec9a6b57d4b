/**
 * QA243: `evalc cache stats -force` read "did you mean --force?", a flag cache stats refuses (it is
 * prune's), so the fix it offered failed next. Prune's flags written with one dash after stats are
 * named as prune's, as `plan -locked` is named apply's; after `--` they are file names as before.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

describe('cache stats with a single-dash flag of prune', () => {
  it.each([
    ['-force', '-f', 'force'],
    ['-dry-run', '-d', 'dry-run'],
    ['-lock=a.lock', '-l', 'lock'],
  ])("cache stats %s names it as cache prune's", (word, short, flag) => {
    const run = spawnCli(['cache', 'stats', word], { cwd: os.tmpdir() });
    expect(run.code).toBe(64);
    expect(run.stderr.split('\n')[0]).toBe(
      `evalc: Unknown option '${short}' (in ${word}): cache stats takes no --${flag}, it is a flag of cache prune`,
    );
    expect(run.stderr).not.toContain('did you mean');
  });

  it('cache prune -force is still offered --force, which prune takes', () => {
    const run = spawnCli(['cache', 'prune', '-force'], { cwd: os.tmpdir() });
    expect(run.code).toBe(64);
    expect(run.stderr).toContain('did you mean --force?');
  });
});

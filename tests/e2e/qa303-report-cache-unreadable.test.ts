/**
 * QA303: `evalc report --cache-dir DIR` on a cache folder it may not enter (chmod 000, another
 * user's) said `no cache at DIR (no steps.log)` of a folder holding one; it now says why, `no
 * permission to read DIR/steps.log`, as `cache stats` on the same folder does. Root ignores file
 * modes: the CLI runs as `nobody` (setpriv) when the tests run as root. A log it may not read in a
 * folder it may enter made both, which write nothing, say `cannot write: … (no permission to write
 * zc/steps.log)`: they say `cannot read`.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runUnprivilegedCli, useCountingAgent } from './apply-harness.js';
import { unprivilegedColdApply } from './unwritable-cache.js';

const ctx = useCountingAgent();

describe('evalc report: a --cache-dir it may not enter', () => {
  it('says it has no permission, not that the folder holds no log', async () => {
    const dir = ctx.workspace('qa303-report-cache-unreadable');
    chmodSync(dir, 0o777);
    const cache = path.join(dir, 'zc');
    mkdirSync(cache);
    writeFileSync(path.join(cache, 'steps.log'), '');
    chmodSync(cache, 0o000);
    const report = await runUnprivilegedCli(['report', '--cache-dir', 'zc'], dir);
    const stats = await runUnprivilegedCli(['cache', 'stats', '--cache-dir', 'zc'], dir);
    chmodSync(cache, 0o755);
    expect(report.code).toBe(1);
    expect(report.stderr).not.toContain('no steps.log');
    expect(report.stderr).toContain('(no permission to read zc/steps.log)');
    expect(report.stderr).not.toMatch(/\n\s+at /);
    expect(stats.stderr).toContain('(no permission to read zc/steps.log)');
  });

  it('says a log it may not read cannot be read', async () => {
    const { dir, cache } = await unprivilegedColdApply(ctx, 'qa303-report-log-unreadable', 2, [
      '--cache-dir',
      'zc',
    ]);
    chmodSync(path.join(cache, 'steps.log'), 0o000);
    for (const args of [
      ['report', '--cache-dir', 'zc'],
      ['cache', 'stats', '--cache-dir', 'zc'],
    ]) {
      const run = await runUnprivilegedCli(args, dir);
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(
        /^evalc: cannot read: EACCES: .*\(no permission to read zc\/steps\.log\)\n$/,
      );
    }
  });
});

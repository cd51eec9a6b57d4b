/**
 * QA303: a cache folder removed while apply runs, the run then stopped by Ctrl-C, warned
 * `… what this run cached went with it (evalc.lock still records the results; …)` and ended
 * `interrupted: completed steps are cached`: a stopped run writes no evalc.lock, and its cache was
 * gone, so nothing of it was kept. Both now say so. A --cache-dir given with a trailing slash is
 * named as any other path (it read `cc//steps.log`).
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCountingAgent, waitCli } from './apply-harness.js';
import { applyUnderWay } from './apply-under-way.js';

const ctx = useCountingAgent({ delayMs: 40 });

describe('evalc apply: the cache folder is removed, then the run interrupted', () => {
  it('says nothing of the run is kept', async () => {
    const { dir, child } = await applyUnderWay(ctx, 'qa303-cache-removed-interrupted', 60);
    const cache = path.join(dir, '.evalc', 'cache');
    rmSync(cache, { recursive: true, force: true });
    child.kill('SIGINT');
    const run = await waitCli(child);
    expect(run.code, run.stderr).toBe(130);
    expect(existsSync(path.join(dir, 'evalc.lock'))).toBe(false);
    expect(run.stderr).toContain(
      `evalc: warning: the cache log ${cache}/steps.log was removed or replaced while apply ran: what this run cached went with it, and this run stopped before writing evalc.lock: nothing of it is kept, and the next apply asks the agents again\n`,
    );
    expect(run.stderr).toContain(
      'evalc: interrupted: the cache log went, and with it every step this run completed; run apply again\n',
    );
    expect(run.stderr).not.toContain('evalc.lock still records');
    expect(run.stderr).not.toContain('completed steps are cached');
  });

  it('names the log of a --cache-dir given with a trailing slash once', async () => {
    const { dir, child } = await applyUnderWay(ctx, 'qa303-cache-removed-slash', 40, ['--cache-dir', 'cc/']);
    rmSync(path.join(dir, 'cc'), { recursive: true, force: true });
    const run = await waitCli(child);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('evalc: warning: the cache log cc/steps.log was removed or replaced');
    expect(run.stderr).not.toContain('cc//');
  });
});

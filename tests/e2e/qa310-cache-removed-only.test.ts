/**
 * QA310: a cache folder removed while an `apply --only` runs warned `… went with it (evalc.lock
 * still records the results; …)`: an --only run writes .evalc/evalc.only.lock and never evalc.lock
 * (none was there), so the warning named a lock that records nothing of the run. It names the lock
 * the run writes, stopped (Ctrl-C) or not.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCountingAgent, waitCli } from './apply-harness.js';
import { applyUnderWay } from './apply-under-way.js';

const ctx = useCountingAgent({ delayMs: 40 });

async function removedMidRun(prefix: string, interrupt: boolean) {
  const { dir, child } = await applyUnderWay(ctx, prefix, 40, ['--only', 't1']);
  const cache = path.join(dir, '.evalc', 'cache');
  rmSync(cache, { recursive: true, force: true });
  if (interrupt) child.kill('SIGINT');
  return { dir, cache, run: await waitCli(child) };
}

describe('evalc apply --only: the cache folder is removed mid-run', () => {
  it('says the only-lock records the results', async () => {
    const { dir, cache, run } = await removedMidRun('qa310-cache-removed-only', false);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(dir, 'evalc.lock'))).toBe(false);
    expect(existsSync(path.join(dir, '.evalc', 'evalc.only.lock'))).toBe(true);
    expect(run.stderr).toContain(
      `evalc: warning: the cache log ${cache}/steps.log was removed or replaced while apply ran: what this run cached went with it (evalc.only.lock still records the results; the reports lose their trajectories, and a plan edit asks the agents again)\n`,
    );
  });

  it('says a stopped run wrote no only-lock', async () => {
    const { dir, run } = await removedMidRun('qa310-cache-removed-only-stop', true);
    expect(run.code, run.stderr).toBe(130);
    expect(existsSync(path.join(dir, '.evalc', 'evalc.only.lock'))).toBe(false);
    expect(run.stderr).toContain(
      'and this run stopped before writing evalc.only.lock: nothing of it is kept, and the next apply asks the agents again\n',
    );
  });
});

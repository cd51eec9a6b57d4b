/**
 * QA294: a cache folder apply cannot write that holds the steps.lock of a process that is gone
 * (restored read-only from a CI cache with it; made read-only mid-run, so its apply could not
 * remove it) made every later apply wait for good, `waiting for the cache …, in use by another
 * process`: a stale lock is taken over by removing it, which that folder refuses. Such a cache is
 * now read as it is, as a read-only cache without a lock is: a run whose every step it holds goes on.
 *
 * Root ignores file modes: the CLI runs as `nobody` (setpriv) when the tests run as root.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readableDist, spawnUnprivileged } from '../fixtures/unprivileged.js';
import { useCountingAgent, waitCli } from './apply-harness.js';
import { makeCacheReadOnly, unprivilegedColdApply } from './unwritable-cache.js';

const ctx = useCountingAgent();

describe('evalc apply: a read-only cache holding the lock of a process that is gone', () => {
  it('reads the cache as it is instead of waiting for good', async () => {
    const { dir, cache } = await unprivilegedColdApply(ctx, 'qa294-ro-stale-lock');

    rmSync(path.join(dir, 'evalc.lock')); // the run derives its results from the cache
    const gone = spawnSync('true').pid; // a process of this host that has exited
    writeFileSync(path.join(cache, 'steps.lock'), `${gone} ${hostname()}\n`);
    makeCacheReadOnly(cache);
    ctx.agent.reset();
    const run = await waitCli(
      spawnUnprivileged([path.join(readableDist(), 'evalc.mjs'), 'apply', 'evalc.yaml'], dir),
      15_000,
    );
    chmodSync(cache, 0o755);
    expect(run.stderr).not.toContain('waiting for the cache');
    expect(run.code, run.stderr).toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain('Apply complete: 3 example runs, 0 agent calls');
    expect(ctx.agent.stats().invokes).toBe(0);
  });
});

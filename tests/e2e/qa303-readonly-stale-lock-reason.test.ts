/**
 * QA303: a cache folder apply cannot write holding the steps.lock of a process that is gone is read
 * as it is (60a15088); with work to do, its refusal quoted the failed takeover alone, `(EACCES:
 * permission denied, unlink '…/steps.lock')`, as if the lock were the trouble of a live run. It now
 * says whose it is: `…/steps.lock', left by a process that is gone)`. Nothing is sent.
 * Root ignores file modes: the CLI runs as `nobody` (setpriv) when the tests run as root.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runUnprivilegedCli, useCountingAgent, writeDataset } from './apply-harness.js';
import { makeCacheReadOnly, unprivilegedColdApply } from './unwritable-cache.js';

const ctx = useCountingAgent();

describe('evalc apply: a read-only cache holding a dead process lock, with work to do', () => {
  it('says the lock it could not remove is a gone process one', async () => {
    const { dir, cache } = await unprivilegedColdApply(ctx, 'qa303-ro-stale-lock-reason');

    const gone = spawnSync('true').pid;
    writeFileSync(path.join(cache, 'steps.lock'), `${gone} ${hostname()}\n`);
    makeCacheReadOnly(cache);
    writeDataset(dir, 'd1.jsonl', countingExamples(5)); // two new examples
    ctx.agent.reset();
    const run = await runUnprivilegedCli(['apply', 'evalc.yaml'], dir);
    chmodSync(cache, 0o755);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toContain(
      `unlink '${path.join(cache, 'steps.lock')}', left by a process that is gone): a run on it can only use the steps it already holds`,
    );
    expect(run.stderr).toContain('(2 agent call(s) would be made and their answers lost: nothing was sent)');
    expect(ctx.agent.stats().invokes).toBe(0);
  });
});

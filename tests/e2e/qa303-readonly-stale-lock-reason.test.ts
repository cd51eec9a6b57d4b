/**
 * QA303: a cache folder apply cannot write holding the steps.lock of a process that is gone is read
 * as it is (60a15088); with work to do, its refusal quoted the failed takeover alone, `(EACCES:
 * permission denied, unlink '…/steps.lock')`, as if the lock were the trouble of a live run. It now
 * says whose it is: `…/steps.lock', left by a process that is gone)`. Nothing is sent.
 * Root ignores file modes: the CLI runs as `nobody` (setpriv) when the tests run as root.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  runUnprivilegedCli,
  useCountingAgent,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent();

describe('evalc apply: a read-only cache holding a dead process lock, with work to do', () => {
  it('says the lock it could not remove is a gone process one', async () => {
    const dir = ctx.workspace('qa303-ro-stale-lock-reason');
    chmodSync(dir, 0o777);
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    writePlan(dir, { agentUrl: ctx.agent.url });
    const cold = await runUnprivilegedCli(['apply', 'evalc.yaml', '--quiet'], dir);
    expect(cold.code, cold.stderr).toBe(0);

    const cache = path.join(dir, '.evalc', 'cache');
    const gone = spawnSync('true').pid;
    writeFileSync(path.join(cache, 'steps.lock'), `${gone} ${hostname()}\n`);
    for (const name of readdirSync(cache))
      chmodSync(path.join(cache, name), name === 'schemas' ? 0o555 : 0o444);
    chmodSync(cache, 0o555);
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

/**
 * QA294: an empty cache folder apply cannot write in (`--cache-dir` on a read-only mount, a CI
 * cache folder restored empty with the wrong owner) stopped apply with the raw refusal of its
 * `steps.lock`, `cannot write: EACCES: permission denied, open '…/steps.lock'`, saying no way out,
 * where a read-only folder holding a log is refused naming the folder, the calls it would make and
 * what to do. An empty one is now read as the empty cache it is and refused the same way, before
 * any agent is asked.
 *
 * Root ignores file modes: the CLI runs as `nobody` (setpriv) when the tests run as root.
 */
import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runUnprivilegedCli, useCountingAgent } from './apply-harness.js';
import { unprivilegedWorkspace } from './unwritable-cache.js';

const ctx = useCountingAgent();

describe('evalc apply --cache-dir: an empty folder it cannot write in', () => {
  it('is refused naming the folder, the calls and what to do, before any agent is asked', async () => {
    const dir = unprivilegedWorkspace(ctx, 'qa294-empty-ro-cache');
    const cache = path.join(dir, 'ro-cache');
    mkdirSync(cache);
    chmodSync(cache, 0o555);
    ctx.agent.reset();
    const run = await runUnprivilegedCli(['apply', 'evalc.yaml', '--cache-dir', cache], dir);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stderr).toBe(
      `evalc: cannot write: the cache ${cache} cannot be written (EACCES: permission denied, open '${cache}/steps.lock'): a run on it can only use the steps it already holds — make it writable, or use another --cache-dir (3 agent call(s) would be made and their answers lost: nothing was sent)\n`,
    );
    expect(run.code).toBe(1);
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(readdirSync(cache)).toEqual([]);
  });
});

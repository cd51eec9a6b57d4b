/**
 * QA69: a folder named `steps.lock` in the cache (a hand-made folder, a bad restore) is no lock
 * any process holds, and none will ever release it. `apply` waited for it forever (`waiting for
 * the cache …, in use by another process`) and `cache prune` refused (`in use by another
 * process`); both now stop at once with exit 1 and say the lock is a folder, calling no agent.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appliedWorkspace, readLock, runCli, useCountingAgent } from './apply-harness.js';

const ctx = useCountingAgent();

describe('a steps.lock that is a folder', () => {
  it('stops apply and prune at once, naming it; once removed, apply runs from the cache', async () => {
    const { dir, lock } = await appliedWorkspace(ctx, 'qa69-lock-folder', { agentUrl: ctx.agent.url });
    rmSync(path.join(dir, 'evalc.lock'));
    const folder = path.join(dir, '.evalc', 'cache', 'steps.lock');
    mkdirSync(folder);
    ctx.agent.reset();

    const said = '(.evalc/cache/steps.lock is a folder, not a file)';
    const apply = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 15_000 });
    expect(apply.code, apply.stderr).toBe(1);
    expect(apply.stderr).toContain(said);
    expect(apply.stderr).not.toContain('waiting for the cache');
    expect(apply.stderr).not.toMatch(/\n\s+at /);
    expect(ctx.agent.stats().invokes).toBe(0);

    const prune = await runCli(['cache', 'prune'], { cwd: dir, timeoutMs: 15_000 });
    expect(prune.code, prune.stderr).toBe(1);
    expect(prune.stderr).toContain(said);

    rmSync(folder, { recursive: true });
    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(again.code, again.stderr).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(readLock(dir)).toBe(lock);
  }, 60_000);
});

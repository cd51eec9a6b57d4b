/**
 * QA69: an `evalc.lock` cut short (a disk filled by something else, an interrupted copy) stops
 * apply, which must not overwrite what may be a user's file, but it said only `evalc.lock:134:120
 * is not valid JSON` with no way out. It now says to restore or delete it, and deleting it is
 * safe: apply writes the same lock again from the cache, calling no agent.
 */
import { rmSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appliedWorkspace, readLock, runCli, useCountingAgent } from './apply-harness.js';

const ctx = useCountingAgent();

describe('an evalc.lock cut short', () => {
  it('stops apply with what to do; once deleted, apply writes it again from the cache', async () => {
    const { dir, lock } = await appliedWorkspace(ctx, 'qa69-damaged-lock', { agentUrl: ctx.agent.url });
    const file = path.join(dir, 'evalc.lock');
    truncateSync(file, Math.floor(lock.length / 2));
    ctx.agent.reset();

    const refused = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain('is not valid JSON');
    expect(refused.stderr).toContain(
      '; restore it (`git checkout -- evalc.lock`) or delete it: apply then writes it again, from the cache where it holds the steps',
    );
    expect(ctx.agent.stats().invokes).toBe(0);

    rmSync(file);
    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(again.code, again.stderr).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(readLock(dir)).toBe(lock);
  });
});

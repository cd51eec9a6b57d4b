/**
 * QA69: `schemas/` beside the step log only saves discovery a read of the log, so a cache whose
 * `schemas` is a file (a bad restore, a hand edit) must still apply. The failed side-copy's
 * cleanup (`rm` of its temp file under a file) threw ENOTDIR and stopped the apply with exit 1,
 * though every step was cached; now the copy is skipped and the run ends as a clean one.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appliedWorkspace, readLock, runCli, useCountingAgent } from './apply-harness.js';

const ctx = useCountingAgent();

describe('a cache whose schemas is a file', () => {
  it('applies from the cache, calling no agent, to the same lockfile', async () => {
    const { dir, lock } = await appliedWorkspace(ctx, 'qa69-schemas-file', { agentUrl: ctx.agent.url });
    const schemas = path.join(dir, '.evalc', 'cache', 'schemas');
    rmSync(schemas, { recursive: true });
    writeFileSync(schemas, 'not a folder\n');
    rmSync(path.join(dir, 'evalc.lock'));
    ctx.agent.reset();

    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('ENOTDIR');
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(readLock(dir)).toBe(lock);
  });
});

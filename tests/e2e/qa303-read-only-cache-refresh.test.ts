/**
 * QA303: `apply --refresh` on a cache folder that cannot be written (restored read-only, another
 * user's) holding every answer was let through QA69's check, which counted the calls the cache
 * lacks: --refresh asks every agent again, so it called them, lost their answers at the first
 * write and stopped. It now stops before sending anything, counting every call it would make.
 * Root ignores file modes: the CLI runs as `nobody` (setpriv) when the tests run as root.
 */
import { chmodSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runUnprivilegedCli, useCountingAgent } from './apply-harness.js';
import { makeCacheReadOnly, unprivilegedColdApply } from './unwritable-cache.js';

const ctx = useCountingAgent();

describe('evalc apply --refresh: a cache folder that cannot be written', () => {
  it('calls no agent though the cache holds every answer', async () => {
    const { dir, cache } = await unprivilegedColdApply(ctx, 'qa303-ro-cache-refresh');

    makeCacheReadOnly(cache);
    ctx.agent.reset();
    const refused = await runUnprivilegedCli(['apply', 'evalc.yaml', '--refresh'], dir);
    chmodSync(cache, 0o755);
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain(
      '(3 agent call(s) would be made and their answers lost: nothing was sent)',
    );
    expect(refused.stderr).not.toContain('stopping the run');
    expect(ctx.agent.stats().invokes).toBe(0);

    // Without --refresh the same cache serves the whole run.
    const cached = await runUnprivilegedCli(['apply', 'evalc.yaml'], dir);
    expect(cached.code, cached.stderr).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(0);
  });
});

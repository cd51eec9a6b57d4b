/**
 * QA294: a cache folder apply cannot write that holds every answer of the run but not its RAIP
 * agent's input schema (written by an evalc that kept none, or its entry damaged) stopped the
 * run at discovery, `cannot write the cache: stopping the run`, `0/600 … stopped (600 not run)`,
 * though no agent call was needed: putting the schema — a record, no result — failed. The schema
 * is now left out of a cache that cannot be written, and the run goes on from the cache.
 *
 * Root ignores file modes: the CLI runs as `nobody` (setpriv) when the tests run as root.
 */
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runUnprivilegedCli, useCountingAgent } from './apply-harness.js';
import { makeCacheReadOnly, unprivilegedColdApply } from './unwritable-cache.js';

const ctx = useCountingAgent();

describe('evalc apply: a read-only cache without the agent schema', () => {
  it('runs from the cache, calling no agent', async () => {
    const { dir, cache } = await unprivilegedColdApply(ctx, 'qa294-ro-no-schema');

    const log = path.join(cache, 'steps.log');
    const lines = readFileSync(log, 'utf8').split('\n');
    const kept = lines.filter((line) => line.split('\t')[1] !== 'schema');
    expect(kept.length).toBe(lines.length - 1); // its one schema entry
    writeFileSync(log, kept.join('\n'));
    rmSync(path.join(cache, 'steps.crc'));
    rmSync(path.join(cache, 'schemas'), { recursive: true });
    rmSync(path.join(dir, 'evalc.lock')); // the run derives its results from the cache
    makeCacheReadOnly(cache);
    ctx.agent.reset();
    const run = await runUnprivilegedCli(['apply', 'evalc.yaml'], dir);
    chmodSync(cache, 0o755);
    expect(run.stderr).not.toContain('cannot write');
    expect(run.code, run.stderr).toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain('Apply complete: 3 example runs, 0 agent calls');
    expect(ctx.agent.stats().invokes).toBe(0);
  });
});

/**
 * A lockfile another evalc version wrote is not up to date: apply runs the steps (from the cache
 * where it has them) and `plan` says so, rather than "No changes" while apply re-invokes. Real
 * CLI against the counting RAIP agent.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('a lock written by another evalc version', () => {
  it('is planned and applied as not up to date; without a cache, plan shows the invokes apply makes', async () => {
    const dir = ctx.workspace('lock-version');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    const lockFile = path.join(dir, 'evalc.lock');
    const lock = readFileSync(lockFile, 'utf8');
    expect((await runCli(['plan'], { cwd: dir })).code).toBe(0);

    writeFileSync(lockFile, lock.replace(/"evalc": "[^"]+"/, '"evalc": "0.0.1"'));
    rmSync(path.join(dir, '.evalc', 'cache'), { recursive: true, force: true });
    const plan = await runCli(['plan'], { cwd: dir });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('Plan: 3 to invoke');
    ctx.agent.reset();
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(3);
    // The rewritten lock is this version's, and the run is the same one.
    expect(readFileSync(lockFile, 'utf8').replace(/"durationMs[^,]*,?/g, '')).toBe(
      lock.replace(/"durationMs[^,]*,?/g, ''),
    );
  });
});

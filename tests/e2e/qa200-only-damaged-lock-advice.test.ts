/**
 * QA200: `apply --only` over an evalc.lock cut short (or from a newer evalc) is refused, as apply
 * is, but was told apply's 'or delete it: apply then writes it again'. --only writes
 * .evalc/evalc.only.lock, never evalc.lock: deleted as told and run again, apply --only ran and
 * left no evalc.lock. It now names the run that writes it again, an apply without --only; followed,
 * that apply writes the same lock from the cache, no agent called.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  readLock,
  runCli,
  useCountingAgent,
  withoutDurations,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent();

describe('apply --only over a damaged evalc.lock (QA200)', () => {
  it('is told that an apply without --only writes it again, and following that loses nothing', async () => {
    const dir = ctx.workspace('qa200-only-damaged');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    writeDataset(dir, 'd2.jsonl', countingExamples(2, 'f'));
    writePlan(dir, { agentUrl: ctx.agent.url, secondDataset: true });
    const cold = await runCli(['apply', '--quiet'], { cwd: dir });
    expect(cold.code).toBe(0);
    const lock = readLock(dir);
    const lockFile = path.join(dir, 'evalc.lock');
    writeFileSync(lockFile, lock.slice(0, 300));

    const only = await runCli(['apply', '--only', 't1/d2'], { cwd: dir });
    expect(only.code).toBe(1);
    expect(only.stderr).toContain(
      '; restore it (`git checkout -- evalc.lock`) or delete it: `evalc apply` without --only then writes it again, from the cache where it holds the steps',
    );

    // A newer evalc's: upgrade, or delete it, with the same run named.
    writeFileSync(lockFile, lock.replace('"lockVersion": 1', '"lockVersion": 2'));
    const newer = await runCli(['apply', '--only', 't1/d2'], { cwd: dir });
    expect(newer.code).toBe(1);
    expect(newer.stderr).toContain(
      'upgrade evalc, or delete it: `evalc apply` without --only then writes it again for this evalc',
    );

    // Followed: apply --only again leaves none (why the advice names the other run) ...
    rmSync(lockFile);
    const calls = JSON.stringify(ctx.agent.callsByExample());
    expect((await runCli(['apply', '--only', 't1/d2', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(() => readFileSync(lockFile)).toThrow();
    // ... and an apply without --only writes it again, the same, from the cache.
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(withoutDurations(readLock(dir))).toBe(withoutDurations(lock));
    expect(JSON.stringify(ctx.agent.callsByExample())).toBe(calls);
  }, 60_000);
});

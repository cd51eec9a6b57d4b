/**
 * `evalc cache prune` keeps exactly what the current lockfile(s) reach (issue 3): after a
 * template change the first generation of responses is unreachable and goes; everything the
 * lock uses stays, so the next apply calls no agent. `--dry-run` only counts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  readLock,
  runCli,
  useCountingAgent,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent();

function cacheBytes(dir: string): number {
  return readFileSync(path.join(dir, '.evalc', 'cache', 'steps.log')).length;
}

describe('evalc cache prune', () => {
  it('removes what no lockfile reaches, keeps what the lock uses, and --dry-run changes nothing', async () => {
    const dir = ctx.workspace('prune');
    const n = 6;
    writeDataset(dir, 'd1.jsonl', countingExamples(n));
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    // A new template: every example is invoked again under new keys; the old ones are unreachable.
    writePlan(dir, { agentUrl: ctx.agent.url, input: { q: '{{q}}', style: 'v2' } });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const lock = readLock(dir);

    const before = JSON.parse((await runCli(['cache', 'stats', '--json'], { cwd: dir })).stdout) as {
      byKind: Record<string, { entries: number }>;
    };
    expect(before.byKind.invoke?.entries).toBe(2 * n);

    const bytes = cacheBytes(dir);
    const dry = await runCli(['cache', 'prune', '--dry-run', '--json'], { cwd: dir });
    expect(dry.code).toBe(0);
    // Per old example: its invoke, extract and two scores (exact_match, pass_rate).
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, removed: 4 * n, bytesBefore: bytes });
    expect(cacheBytes(dir)).toBe(bytes);
    const predicted = (JSON.parse(dry.stdout) as { bytesAfter: number }).bytesAfter;

    const prune = await runCli(['cache', 'prune'], { cwd: dir });
    expect(prune.code).toBe(0);
    expect(prune.stdout).toMatch(
      new RegExp(`^pruned ${4 * n} entries, kept \\d+ \\(${bytes} → \\d+ bytes\\)`),
    );
    expect(cacheBytes(dir)).toBeLessThan(bytes);
    // The dry run said what the rewritten log would weigh.
    expect(cacheBytes(dir)).toBe(predicted);
    const after = JSON.parse(
      (await runCli(['cache', 'stats', '--json'], { cwd: dir })).stdout,
    ) as typeof before;
    expect(after.byKind.invoke?.entries).toBe(n);

    // What the lock reaches is all there: re-applying calls nobody and writes the same lock.
    ctx.agent.reset();
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(readLock(dir)).toBe(lock);
    // The pruned generation is gone: going back to the first template invokes every example again.
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(n);
  });

  it('keeps what a partial (--only) run reached, from .evalc/evalc.only.lock', async () => {
    const dir = ctx.workspace('prune-only');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writeDataset(dir, 'd2.jsonl', countingExamples(3, 'f'));
    writePlan(dir, { agentUrl: ctx.agent.url, secondDataset: true });
    expect((await runCli(['apply', 'evalc.yaml', '--only', 't1/d2', '--quiet'], { cwd: dir })).code).toBe(0);
    const prune = await runCli(['cache', 'prune', '--json'], { cwd: dir });
    expect(prune.stderr).toBe('');
    expect(JSON.parse(prune.stdout)).toMatchObject({ dryRun: false, removed: 0 });
    ctx.agent.reset();
    expect((await runCli(['apply', 'evalc.yaml', '--only', 't1/d2', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(0);
  });
});

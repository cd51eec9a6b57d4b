/**
 * Two applies sharing one cache (`--cache-dir`, DESIGN.md §5) at the same time: without a
 * writer lock each overwrote the other's log entries (an internal JSON error, lost entries).
 * With it the second waits, both finish, and every response is cached exactly once.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CountingAgent, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import {
  assertBuilt,
  countingExamples,
  lockResults,
  runCli,
  tempWorkspace,
  writeDataset,
  writePlan,
} from './apply-harness.js';

let agent: CountingAgent;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  agent = await startCountingAgent({ delayMs: 2 });
});
afterAll(async () => {
  await agent.close();
  for (const c of cleanups) c();
});

function planDir(prefix: string, n: number): string {
  const ws = tempWorkspace(`shared-${prefix}`);
  cleanups.push(ws.cleanup);
  writeDataset(ws.dir, 'd1.jsonl', countingExamples(n, prefix));
  writePlan(ws.dir, { agentUrl: agent.url, limits: { concurrency: 8 } });
  return ws.dir;
}

describe('applies sharing a cache folder', () => {
  it('run one after the other without losing or corrupting an entry', async () => {
    const shared = tempWorkspace('shared-cache');
    cleanups.push(shared.cleanup);
    const cacheDir = path.join(shared.dir, 'cache');
    const n = 400;
    const dirs = [planDir('a', n), planDir('b', n)];
    agent.reset();
    // The test holds the cache for a moment, so both applies are surely alive at once.
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(path.join(cacheDir, 'steps.lock'), `${process.pid} ${hostname()}\n`);
    setTimeout(() => rmSync(path.join(cacheDir, 'steps.lock')), 1500);
    const first = await Promise.all(
      dirs.map((dir) => runCli(['apply', 'evalc.yaml', '--cache-dir', cacheDir], { cwd: dir })),
    );
    for (const run of first) {
      expect(run.stderr).not.toContain('internal error');
      expect(run.code).toBe(0);
    }
    for (const run of first) expect(run.stderr).toContain('waiting for the cache');
    expect(agent.stats().invokes).toBe(2 * n);
    for (const dir of dirs) expect(lockResults(dir)).toHaveLength(n);

    agent.reset();
    const second = await Promise.all(
      dirs.map((dir) => runCli(['apply', 'evalc.yaml', '--quiet', '--cache-dir', cacheDir], { cwd: dir })),
    );
    expect(second.map((r) => r.code)).toEqual([0, 0]);
    expect(agent.stats().invokes).toBe(0);
    const stats = await runCli(['cache', 'stats', '--json', '--cache-dir', cacheDir], { cwd: dirs[0]! });
    const parsed = JSON.parse(stats.stdout) as { byKind: Record<string, { entries: number }> };
    expect(parsed.byKind.invoke?.entries).toBe(2 * n);
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    const dir = planDir('stale', 5);
    const cacheDir = path.join(dir, '.evalc/cache');
    const first = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(first.code).toBe(0);
    // pid 2^22 + 1 is above Linux's pid_max default ceiling: never a live process.
    writeFileSync(path.join(cacheDir, 'steps.lock'), `4194305 ${hostname()}\n`);
    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 20_000 });
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain('waiting for the cache');
  });

  it('cache prune refuses while an apply holds the cache', async () => {
    const dir = planDir('prune', 3);
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const cacheDir = path.join(dir, '.evalc/cache');
    // The test process itself is a live holder.
    writeFileSync(path.join(cacheDir, 'steps.lock'), `${process.pid} ${hostname()}\n`);
    const prune = await runCli(['cache', 'prune', 'evalc.yaml'], { cwd: dir });
    expect(prune.code).toBe(1);
    expect(prune.stderr).toContain(`in use by evalc pid ${process.pid}`);
    // A dry run only reads: it answers while the cache is held.
    const dry = await runCli(['cache', 'prune', 'evalc.yaml', '--dry-run'], { cwd: dir });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^would prune \d+ entries, keep \d+ \(\d+ → \d+ bytes; nothing was changed\)/);
    const stats = await runCli(['cache', 'stats', 'evalc.yaml'], { cwd: dir });
    expect(stats.code).toBe(0);
    expect(stats.stdout).toMatch(/invoke\s+3 entries/);
  });
});

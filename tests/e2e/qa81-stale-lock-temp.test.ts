/**
 * An apply killed (SIGKILL, OOM) while it wrote evalc.lock leaves `evalc.lock.tmp-<pid>` beside the
 * plan — in the user's git working tree, where `git status` lists it and `git add -A` commits it.
 * Only a later lock write removed it, so an apply with nothing to run (the lock already up to date,
 * or `--frozen`) left it there for good (QA81). Every apply now removes the temps of dead
 * processes at its start, and never a live writer's.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appliedWorkspace, readLock, runCli, useCountingAgent } from './apply-harness.js';

const ctx = useCountingAgent();

async function deadPid(): Promise<number> {
  // A process that has exited: its pid is free (reused pids are vanishingly unlikely here).
  const child = spawn(process.execPath, ['-e', '0']);
  return new Promise<number>((resolve) => child.on('exit', () => resolve(child.pid ?? 0)));
}

describe('the lock temp file a killed apply left', () => {
  it.each([
    ['an up-to-date apply', []],
    ['apply --frozen', ['--frozen']],
  ])("is removed by %s, and a live writer's is kept", async (_name, flags) => {
    const { dir, lock } = await appliedWorkspace(ctx, 'stale-lock-temp', { agentUrl: ctx.agent.url });
    const dead = `evalc.lock.tmp-${await deadPid()}`;
    writeFileSync(path.join(dir, dead), lock.slice(0, 40));
    // This test's own process stands for another apply writing its lock right now.
    const live = `evalc.lock.tmp-${process.pid}`;
    writeFileSync(path.join(dir, live), lock.slice(0, 40));

    const again = await runCli(['apply', 'evalc.yaml', '--quiet', ...flags], { cwd: dir });
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(path.join(dir, dead))).toBe(false);
    expect(existsSync(path.join(dir, live))).toBe(true);
    expect(readdirSync(dir).filter((n) => n.startsWith('evalc.lock'))).toEqual(['evalc.lock', live].sort());
    expect(readLock(dir)).toBe(lock);
  });
});

/**
 * A cache that cannot be written (a full disk, a quota, a file size limit) stops apply with one
 * clear line and exit 1, not a stack trace from the timer that flushes the log. What completed
 * before the failure stays cached: the next apply asks the agent only for the rest and writes
 * the lockfile of an uninterrupted run. The limit is a real one: `ulimit -f` (64 KiB) on the
 * apply process, with SIGXFSZ ignored so the write fails with EFBIG instead of killing it.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CLI,
  countingExamples,
  readLock,
  runCli,
  useCountingAgent,
  waitCli,
  withoutDurations,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const N = 300;
const counting = useCountingAgent();

function workspace(name: string): string {
  const dir = counting.workspace(name);
  writeDataset(dir, 'd1.jsonl', countingExamples(N));
  writePlan(dir, { agentUrl: counting.agent.url });
  return dir;
}

/** Runs the built CLI with a file size limit of `kib` KiB (SIGXFSZ ignored: a write past it fails EFBIG). */
function cliUnderFileLimit(dir: string, kib: number, args: string[]) {
  const child = spawn(
    'bash',
    ['-c', `ulimit -f ${kib}; trap "" XFSZ; exec "$0" "$@"`, process.execPath, CLI, ...args],
    {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return waitCli(child);
}

/** Example ids whose invoke response is in the cache log (the agent echoes the id). */
function cachedInvokes(dir: string): Set<string> {
  const ids = new Set<string>();
  for (const line of readFileSync(path.join(dir, '.evalc/cache/steps.log'), 'utf8').split('\n')) {
    const [, kind, , json] = line.split('\t');
    if (kind !== 'invoke' || json === undefined) continue;
    const record = JSON.parse(json) as { trajectory: { response: { output: { example: string } } } };
    ids.add(record.trajectory.response.output.example);
  }
  return ids;
}

describe('evalc apply: the cache cannot be written', () => {
  it('stops with one line and exit 1, keeps what completed, and the next apply finishes the run', async () => {
    const dir = workspace('cache-full');
    counting.agent.reset();
    const failed = await cliUnderFileLimit(dir, 64, ['apply', 'evalc.yaml', '--quiet']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(failed.stderr).toContain('evalc: cannot write: the cache log');
    expect(failed.stderr).toContain('steps.log: EFBIG: file too large');
    expect(failed.stderr).toContain('— raise the file size limit (ulimit -f) and run apply again to finish');
    // The run stopped: no lockfile of a run that did not finish, and not every example was asked.
    expect(existsSync(path.join(dir, 'evalc.lock'))).toBe(false);
    const first = counting.agent.stats().invokes;
    expect(first).toBeLessThan(N);
    const cached = cachedInvokes(dir);
    expect(cached.size).toBeGreaterThan(0);

    // The log holds only complete entries: nothing to cut when it is opened again.
    const stats = await runCli(['cache', 'stats', '--json'], { cwd: dir });
    expect(JSON.parse(stats.stdout)).toMatchObject({ recoveredTornBytes: 0, damagedLines: 0 });

    counting.agent.reset();
    const resumed = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(resumed.code).toBe(0);
    const asked = Object.keys(counting.agent.stats().received).map((k) => k.slice(0, k.indexOf('#')));
    const notCached = countingExamples(N)
      .map((e) => e.id)
      .filter((id) => !cached.has(id));
    expect(asked.sort()).toEqual(notCached.sort());

    const reference = workspace('cache-reference');
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: reference })).code).toBe(0);
    expect(withoutDurations(readLock(dir))).toBe(withoutDurations(readLock(reference)));
  });
});

describe('evalc cache prune: the copy cannot be written', () => {
  it('fails with one line, leaves the log as it was and no half-written copy', async () => {
    const dir = workspace('prune-full');
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const log = path.join(dir, '.evalc/cache/steps.log');
    const before = readFileSync(log);
    const pruned = await cliUnderFileLimit(dir, 16, ['cache', 'prune', 'evalc.yaml']);
    expect(pruned.code).toBe(1);
    expect(pruned.stderr).toBe(
      'evalc: cannot write: EFBIG: file too large, write (.evalc/cache/steps.log reached the largest file size allowed here: raise the limit (ulimit -f) and run it again)\n',
    );
    expect(readFileSync(log).equals(before)).toBe(true);
    // No half-written copy left beside the log (steps.crc holds the log's checksums, schemas/ the
    // agents' input schemas).
    expect(readdirSync(path.dirname(log)).filter((f) => f !== 'steps.crc' && f !== 'schemas')).toEqual([
      'steps.log',
    ]);
  });
});

describe('evalc apply: the lockfile cannot be written', () => {
  it('fails with one line naming it, leaves no temp file, and the next apply writes it from the cache', async () => {
    const dir = workspace('lock-full');
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const lock = readLock(dir);
    rmSync(path.join(dir, 'evalc.lock'));
    const failed = await cliUnderFileLimit(dir, 32, ['apply', 'evalc.yaml', '--quiet']);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(
      'evalc: cannot write: EFBIG: file too large, write (evalc.lock reached the largest file size allowed here: raise the limit (ulimit -f) and run it again)\n',
    );
    expect(readdirSync(dir).filter((f) => f.startsWith('evalc.lock'))).toEqual([]);
    counting.agent.reset();
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(counting.agent.stats().invokes).toBe(0);
    expect(withoutDurations(readLock(dir))).toBe(withoutDurations(lock));
  });
});

/**
 * QA69: cache files that are pipes or devices. A FIFO named `steps.log` took the answers of the
 * first agent calls and lost them (ESPIPE, "the steps completed before it are cached"); a link
 * to /dev/zero swallowed a whole run's answers with exit 0; a FIFO named `steps.crc` or
 * `steps.lock` (or a kept schema in `schemas/`) hung every command that opened the cache, deaf to
 * SIGTERM. The log and the lock
 * are now refused in one line before any agent call (exit 1), and a side file that is not a
 * regular file is read as empty and replaced.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appliedWorkspace,
  countingExamples,
  readLock,
  runCli,
  useCountingAgent,
  writeDataset,
} from './apply-harness.js';

const ctx = useCountingAgent();

async function coldApply(prefix: string): Promise<{ dir: string; cache: string; lock: string }> {
  const { dir, lock } = await appliedWorkspace(ctx, prefix, { agentUrl: ctx.agent.url });
  rmSync(path.join(dir, 'evalc.lock'));
  ctx.agent.reset();
  return { dir, cache: path.join(dir, '.evalc', 'cache'), lock };
}

const mkfifo = (file: string) => execFileSync('mkfifo', [file]);

describe('cache files that are pipes or devices', () => {
  it('a FIFO or /dev/zero as steps.log: refused before any agent call', async () => {
    const { dir, cache } = await coldApply('qa69-fifo-log');
    const log = path.join(cache, 'steps.log');
    rmSync(log);
    mkfifo(log);
    const fifo = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 20_000 });
    expect(fifo.code, fifo.stderr).toBe(1);
    expect(fifo.stderr).toBe(
      `evalc: cannot write: EFTYPE: not a regular file, open '${log}' (.evalc/cache/steps.log is a pipe or a device, not a file: remove it)\n`,
    );
    rmSync(log);
    symlinkSync('/dev/zero', log);
    const zero = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 20_000 });
    expect(zero.code, zero.stderr).toBe(1);
    expect(zero.stderr).toContain('steps.log is a pipe or a device, not a file');
    expect(ctx.agent.stats().invokes).toBe(0);
  });

  it('a FIFO as steps.lock: refused at once; as steps.crc: read as empty and replaced', async () => {
    const { dir, cache, lock } = await coldApply('qa69-fifo-side');
    const lockFile = path.join(cache, 'steps.lock');
    mkfifo(lockFile);
    const locked = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 20_000 });
    expect(locked.code, locked.stderr).toBe(1);
    expect(locked.stderr).toContain('(.evalc/cache/steps.lock is a pipe or a device, not a file: remove it)');
    rmSync(lockFile);

    // A kept RAIP schema that is a pipe: ignored (read from the log), never waited on.
    const schema = path.join(cache, 'schemas', readdirSync(path.join(cache, 'schemas'))[0]!);
    rmSync(schema);
    mkfifo(schema);
    const piped = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 20_000 });
    expect(piped.code, piped.stderr).toBe(0);
    rmSync(path.join(dir, 'evalc.lock'));

    const sums = path.join(cache, 'steps.crc');
    rmSync(sums);
    mkfifo(sums);
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 20_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(readLock(dir)).toBe(lock);
    expect(ctx.agent.stats().invokes).toBe(0);
    const stats = await runCli(['cache', 'stats', '--json'], { cwd: dir, timeoutMs: 20_000 });
    expect(stats.code, stats.stderr).toBe(0);
    expect(JSON.parse(stats.stdout)).toMatchObject({
      entries: readFileSync(path.join(cache, 'steps.log'), 'utf8').split('\n').length - 1,
    });
    // A run that writes the cache replaces the pipe with a regular file.
    writeDataset(dir, 'd1.jsonl', countingExamples(4));
    const more = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 20_000 });
    expect(more.code, more.stderr).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(1);
    expect(statSync(sums).isFile()).toBe(true);
  });
});

/**
 * QA26: evalc as users run it from shells and scripts, where stdout is a pipe whose reader exits
 * (`evalc apply --json | head -3`) or a file on a disk that fills. DESIGN §6: 1 runtime error,
 * 130 interrupted; machine output on stdout, human messages on stderr.
 * - A closed pipe made apply exit 0 at once, mid-run, with no lockfile and no word.
 * - stdout on /dev/full printed a Node stack trace; stdout on a file that stopped taking bytes
 *   part-way (a full disk; here a file size limit) kept a truncated file and exited 0.
 * The built CLI runs as a child process; the agent is the loopback counting agent.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countingExamples, tempWorkspace, writeDataset, writePlan } from '../e2e/apply-harness.js';
import { startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { CLI, REPO_ROOT, spawnCli } from './run-cli.js';

const STACK_LINE = /\n\s+at /;
const workspaces: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of workspaces) cleanup();
});

function workspace(): string {
  const ws = tempWorkspace('qa26');
  workspaces.push(ws.cleanup);
  return ws.dir;
}

describe('evalc apply --json whose reader exits', () => {
  it('stops like a first Ctrl-C: exit 130, no lockfile, the rest never sent, one line on stderr', async () => {
    const agent = await startCountingAgent({ delayMs: 300 });
    try {
      const dir = workspace();
      writeDataset(dir, 'd1.jsonl', countingExamples(6));
      writePlan(dir, { agentUrl: agent.url, limits: { concurrency: 1 } });
      const child = spawn(process.execPath, [CLI, 'apply', '--json'], {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => {
        stderr += d;
      });
      let first = '';
      // `| head -1`: read one line, then close the pipe's reading end.
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        first += d;
        if (first.includes('\n')) child.stdout.destroy();
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));

      expect(JSON.parse(first.split('\n')[0] ?? '')).toMatchObject({ event: 'run_started' });
      expect(code).toBe(130);
      expect(stderr).toContain(
        'evalc: stopped because stdout was closed by its reader (like Ctrl-C: the steps in flight finished and were cached; no lockfile written)\n',
      );
      expect(stderr).not.toMatch(STACK_LINE);
      expect(existsSync(path.join(dir, 'evalc.lock'))).toBe(false);
      // One at a time, 300 ms each: it stopped dispatching well before the sixth.
      expect(agent.stats().invokes).toBeGreaterThan(0);
      expect(agent.stats().invokes).toBeLessThan(6);
    } finally {
      await agent.close();
    }
  }, 30_000);
});

describe('stderr on a full disk', () => {
  it.skipIf(!existsSync('/dev/full'))(
    'loses the progress lines only: apply finishes, writes its lockfile and exits 0 (it stopped with 130)',
    async () => {
      const agent = await startCountingAgent();
      const full = openSync('/dev/full', 'w');
      try {
        const dir = workspace();
        writeDataset(dir, 'd1.jsonl', countingExamples(4));
        writePlan(dir, { agentUrl: agent.url });
        const child = spawn(process.execPath, [CLI, 'apply'], {
          cwd: dir,
          env: { PATH: process.env.PATH ?? '' },
          stdio: ['ignore', 'pipe', full],
        });
        let stdout = '';
        child.stdout?.setEncoding('utf8').on('data', (d: string) => {
          stdout += d;
        });
        const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
        expect(code).toBe(0);
        expect(stdout).toContain('Apply complete: 4 example runs');
        expect(existsSync(path.join(dir, 'evalc.lock'))).toBe(true);
        expect(agent.stats().invokes).toBe(4);
      } finally {
        closeSync(full);
        await agent.close();
      }
    },
    30_000,
  );
});

describe('stdout that cannot be written', () => {
  it('a file that stops taking bytes part-way (a file size limit) exits 1, naming EFBIG, not 0 with the file cut', () => {
    const whole = spawnCli(['schema', '--stdout'], { cwd: REPO_ROOT });
    expect(whole.code).toBe(0);
    expect(whole.stdout.length).toBeGreaterThan(100_000);
    const out = path.join(workspace(), 'schema.json');
    // Node ignores SIGXFSZ, so the write past the limit fails with EFBIG (after a short write).
    const child = spawnSync(
      'sh',
      ['-c', 'ulimit -f 64 && exec "$0" "$@" > "$OUT"', process.execPath, CLI, 'schema', '--stdout'],
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH ?? '', OUT: out }, encoding: 'utf8', timeout: 20_000 },
    );
    expect(child.stderr).toBe('evalc: cannot write to stdout: EFBIG: file too large, write\n');
    expect(child.status).toBe(1);
    // What fit is the start of the output (the limit is 32 or 64 KiB: sh's blocks vary).
    const kept = statSync(out).size;
    expect(kept).toBeGreaterThanOrEqual(32 * 1024);
    expect(kept).toBeLessThan(whole.stdout.length);
    expect(readFileSync(out, 'utf8')).toBe(whole.stdout.slice(0, kept));
  });

  it.skipIf(!existsSync('/dev/full'))(
    'stdout on /dev/full: one line on stderr and exit 1 for --help, validate --json and schema --stdout, no stack trace',
    () => {
      for (const args of [['--help'], ['validate', '--json', 'missing.yaml'], ['schema', '--stdout']]) {
        const full = openSync('/dev/full', 'w');
        try {
          const child = spawnSync(process.execPath, [CLI, ...args], {
            cwd: workspace(),
            env: { PATH: process.env.PATH ?? '' },
            stdio: ['ignore', full, 'pipe'],
            encoding: 'utf8',
            timeout: 20_000,
          });
          expect(child.stderr, args.join(' ')).not.toMatch(STACK_LINE);
          expect(child.stderr, args.join(' ')).toContain(
            'evalc: cannot write to stdout: ENOSPC: no space left on device, write\n',
          );
          // validate refused the missing plan (64) before its output was lost: that code stays.
          expect(child.status, args.join(' ')).toBe(args[0] === 'validate' ? 64 : 1);
        } finally {
          closeSync(full);
        }
      }
    },
  );
});

describe('streams', () => {
  it('`evalc` alone is a usage error: the overview goes to stderr with exit 64, `evalc --help` to stdout with 0', () => {
    const cwd = workspace();
    const bare = spawnCli([], { cwd });
    expect(bare.code).toBe(64);
    expect(bare.stdout).toBe('');
    expect(bare.stderr).toContain('usage: evalc <command> [options]');
    const help = spawnCli(['--help'], { cwd });
    expect(help.code).toBe(0);
    expect(help.stderr).toBe('');
    expect(help.stdout).toBe(bare.stderr);
  });

  it('diff --format json and report --format json print a refusal as a result object on stdout', () => {
    const cwd = workspace();
    const lock = path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock');
    for (const args of [
      ['diff', lock, 'missing.lock', '--format', 'json'],
      ['report', '--format=json', '--from', 'missing.lock'],
    ]) {
      const run = spawnCli(args, { cwd });
      expect(run.code, args.join(' ')).toBe(1);
      expect(JSON.parse(run.stdout), args.join(' ')).toMatchObject({
        event: 'result',
        exitCode: 1,
        status: 'refused',
      });
      expect(run.stderr, args.join(' ')).toMatch(
        /^evalc: cannot read the (new|report) lockfile: no lockfile at /,
      );
    }
  });
});

/**
 * A `serve:` agent never outlives the apply that started it: when evalc is killed with SIGKILL
 * (no exit hook runs), the served process group is stopped by its watchdog, so the port is
 * free and the next apply starts (and talks to) a fresh agent. Real CLI, real served process.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { withWatchdog } from '../../src/executor/agent-process.js';
import { runCli, startCli, tempWorkspace, waitCli, waitFor } from '../e2e/apply-harness.js';
import { freePort } from '../fixtures/loopback.js';
import { isAlive } from '../fixtures/process-alive.js';

const AGENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/qa3-served-agent.mjs');
const pids: number[] = [];
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  for (const c of cleanups) c();
});

function workspace(port: number): { dir: string; pidFile: string } {
  const ws = tempWorkspace('qa3-serve-watchdog');
  cleanups.push(ws.cleanup);
  const pidFile = path.join(ws.dir, 'agent.pid');
  const url = `http://127.0.0.1:${port}`;
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa3-serve', version: '1.0.0' },
    agents: {
      a1: {
        protocol: 'raip',
        url,
        serve: {
          command: `node ${JSON.stringify(AGENT)}`,
          env: { PORT: String(port), PID_FILE: pidFile },
          ready: { url: `${url}/info`, timeout: '10s' },
        },
        limits: { concurrency: 1, retries: 0 },
      },
    },
    tasks: {
      t1: {
        bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
        datasets: { d1: { source: 'd1.jsonl' } },
        metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'answer' }],
      },
    },
    run: { repeats: 1, seed: 7, bootstrap: 100 },
  };
  writeFileSync(path.join(ws.dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
  const lines = Array.from({ length: 12 }, (_, i) =>
    JSON.stringify({ id: `s${i}`, vars: { q: `s${i}` }, expected: { answer: `A:s${i}` } }),
  );
  writeFileSync(path.join(ws.dir, 'd1.jsonl'), `${lines.join('\n')}\n`);
  return { dir: ws.dir, pidFile };
}

describe('serve: after a SIGKILL of evalc', () => {
  it('stops the served agent, and the next apply starts its own and finishes', async () => {
    const port = await freePort();
    const { dir, pidFile } = workspace(port);
    const child = startCli(['apply', '--quiet'], { cwd: dir });
    const done = waitCli(child, 30_000);
    await waitFor(
      () => existsSync(pidFile) && readFileSync(pidFile, 'utf8') !== '',
      10_000,
      'the served agent',
    );
    const first = Number(readFileSync(pidFile, 'utf8'));
    pids.push(first);
    await new Promise((r) => setTimeout(r, 700));
    child.kill('SIGKILL');
    await done;
    await waitFor(() => !isAlive(first), 3_000, 'the orphaned agent to stop');

    const again = await runCli(['apply', '--quiet'], { cwd: dir, timeoutMs: 30_000 });
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    const second = Number(readFileSync(pidFile, 'utf8'));
    pids.push(second);
    expect(second).not.toBe(first);
    await waitFor(() => !isAlive(second), 3_000, 'the second agent to stop with its apply');
  });

  it('keeps the command at the end of the script, behind the watchdog, on its first line', () => {
    // QA106: on the watchdog's line, so the shell's line numbers are the command's own.
    const script = withWatchdog('node agent.mjs --port 1');
    expect(script.endsWith('; node agent.mjs --port 1')).toBe(true);
    expect(script.split('\n')).toHaveLength(1);
    expect(script).toContain('exec 3<&0 0</dev/null');
  });
});

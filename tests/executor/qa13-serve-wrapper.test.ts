/**
 * QA13: a `serve.command` that is a wrapper starting the agent in the background and exiting 0
 * (`./start.sh` with `python agent.py > agent.log &`) cannot work — when the shell exits, Node
 * closes its stdin and the group's watchdog stops the background agent. It failed with only
 * "serve m exited with code 0 before it was ready"; the message now says what to do, and the
 * background agent is not left running. Real processes (tests/fixtures/qa13-served-wrapper.mjs).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { freePort } from '../fixtures/loopback.js';
import { FIXTURES_DIR } from '../fixtures/mae-harness.js';
import { isAlive } from '../fixtures/process-alive.js';

const dir = mkdtempSync(join(tmpdir(), 'qa13-wrapper-'));
const pids: number[] = [];
afterAll(() => {
  for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('serve: a wrapper that starts the agent in the background and exits 0', () => {
  it('fails saying the command must keep running, and leaves no background agent', async () => {
    const port = await freePort();
    const pidFile = join(dir, 'agent.pid');
    const started = await startServedProcess(
      {
        command: 'node qa13-served-wrapper.mjs',
        env: { PORT: String(port), QA13_PID_FILE: pidFile },
        ready: { url: `http://127.0.0.1:${port}/`, timeout: '5s' },
      },
      { cwd: FIXTURES_DIR, name: 'm', logFile: join(dir, 'm.log') },
    );
    expect(started.ok ? 'ok' : `${started.error.kind}: ${started.error.message}`).toBe(
      "process_crashed: serve m exited with code 0 before it was ready (serve.command must keep running: a wrapper that starts the agent in the background and exits takes it down with it; run the agent in the foreground, e.g. `exec python agent.py` as the script's last line)",
    );
    // The watchdog usually stops the background agent before it even writes its pid.
    await new Promise((r) => setTimeout(r, 800));
    if (!existsSync(pidFile)) return;
    const agent = Number(readFileSync(pidFile, 'utf8'));
    pids.push(agent);
    const until = Date.now() + 3_000;
    while (isAlive(agent) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(isAlive(agent)).toBe(false);
  });
});

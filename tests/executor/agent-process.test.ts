/** `serve:` lifecycle against real child processes (tests/fixtures/mae-served-agent.mjs). */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { freePort } from '../fixtures/loopback.js';
import { FIXTURES_DIR } from '../fixtures/mae-harness.js';
import { isAlive } from '../fixtures/process-alive.js';
import { sharedTempFolder } from '../fixtures/temp-folder.js';

const logDir = sharedTempFolder('evalc-serve-');
let logCount = 0;
const nextLog = () => join(logDir, '.evalc', 'logs', `agent-${++logCount}.log`);
const command = (mode: string) => `node mae-served-agent.mjs ${mode}`;

const waitFor = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startServedProcess', () => {
  it('waits for a stdout line matching ready.line and logs the output to the log file', async () => {
    const logFile = nextLog();
    const started = await startServedProcess(
      { command: command('line'), ready: { line: '^ready on \\d+$' } },
      { cwd: FIXTURES_DIR, name: 'a1', logFile },
    );
    if (!started.ok) throw new Error(started.error.message);
    await started.handle.stop();
    expect(readFileSync(logFile, 'utf8')).toMatch(/starting\nready on \d+\n/);
  });

  it('polls ready.url until the server answers', async () => {
    const port = await freePort();
    const started = await startServedProcess(
      {
        command: command('http'),
        env: { PORT: String(port) },
        ready: { url: `http://127.0.0.1:${port}/`, timeout: '5s' },
      },
      { cwd: FIXTURES_DIR, name: 'a1', logFile: nextLog() },
    );
    if (!started.ok) throw new Error(started.error.message);
    const response = await fetch(`http://127.0.0.1:${port}/`);
    expect(await response.text()).toBe('ok');
    await started.handle.stop();
  });

  it('fails process_crashed with the output tail when the process exits before it is ready', async () => {
    const started = await startServedProcess(
      { command: command('crash'), ready: { line: 'ready' } },
      { cwd: FIXTURES_DIR, name: 'a1', logFile: nextLog() },
    );
    expect(started.ok).toBe(false);
    if (started.ok) return;
    expect(started.error.kind).toBe('process_crashed');
    expect(started.error.message).toContain('exited with code 3');
    expect(started.error.message).toContain('bad config');
  });

  it('fails timeout when never ready, and stops the process', async () => {
    const started = await startServedProcess(
      { command: `${command('line')}`, ready: { line: 'never printed', timeout: '1500ms' } },
      { cwd: FIXTURES_DIR, name: 'a1', logFile: nextLog() },
    );
    expect(started.ok).toBe(false);
    if (started.ok) return;
    expect(started.error.kind).toBe('timeout');
    expect(started.error.message).toContain('ready on');
    const pid = Number(/ready on (\d+)/.exec(started.error.message)?.[1]);
    await waitFor(100);
    expect(isAlive(pid)).toBe(false);
  });

  it('without ready settles briefly and then reports ready', async () => {
    const before = performance.now();
    const started = await startServedProcess(
      { command: command('silent') },
      { cwd: FIXTURES_DIR, name: 'a1', logFile: nextLog() },
    );
    expect(started.ok).toBe(true);
    expect(performance.now() - before).toBeGreaterThanOrEqual(450);
    if (started.ok) await started.handle.stop();
  });

  it('runs in the given cwd with opts.env and serve.env (resolving ${env.NAME}) merged', async () => {
    const logFile = nextLog();
    const started = await startServedProcess(
      { command: command('info'), env: { SERVE_VALUE: 'v-${env.SERVE_BASE}' }, ready: { line: '^ready$' } },
      { cwd: FIXTURES_DIR, name: 'a1', logFile, env: { SERVE_BASE: 'base' } },
    );
    if (!started.ok) throw new Error(started.error.message);
    await started.handle.stop();
    const log = readFileSync(logFile, 'utf8');
    expect(log).toContain(`cwd ${FIXTURES_DIR}`);
    expect(log).toContain('value v-base');
  });

  it('stop() kills the whole process group, children included', async () => {
    const logFile = nextLog();
    const started = await startServedProcess(
      { command: command('child'), ready: { line: '^child \\d+$' } },
      { cwd: FIXTURES_DIR, name: 'a1', logFile },
    );
    if (!started.ok) throw new Error(started.error.message);
    // Ready fires on the line as it is read; the log file gets it a moment later (a write stream).
    let logged: RegExpExecArray | null = null;
    for (let i = 0; i < 50 && !logged; i++) {
      logged = /child (\d+)/.exec(readFileSync(logFile, 'utf8'));
      if (!logged) await waitFor(20);
    }
    const childPid = Number(logged?.[1]);
    expect(isAlive(childPid)).toBe(true);
    await started.handle.stop();
    await started.handle.stop();
    await waitFor(100);
    expect(isAlive(childPid)).toBe(false);
    expect(isAlive(started.handle.pid)).toBe(false);
  });

  it('stop() escalates to SIGKILL after 3 s when SIGTERM is ignored', async () => {
    const started = await startServedProcess(
      { command: command('stubborn'), ready: { line: '^ready$' } },
      { cwd: FIXTURES_DIR, name: 'a1', logFile: nextLog() },
    );
    if (!started.ok) throw new Error(started.error.message);
    const before = performance.now();
    await started.handle.stop();
    const elapsed = performance.now() - before;
    expect(elapsed).toBeGreaterThanOrEqual(2_900);
    expect(elapsed).toBeLessThan(6_000);
    expect(isAlive(started.handle.pid)).toBe(false);
  });

  it('returns cancelled when the signal aborts while waiting', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const started = await startServedProcess(
      { command: command('silent'), ready: { line: 'never' } },
      { cwd: FIXTURES_DIR, name: 'a1', logFile: nextLog(), signal: controller.signal },
    );
    expect(!started.ok && started.error.kind).toBe('cancelled');
  });

  it('rejects an invalid ready.line regex as config_error without spawning', async () => {
    const started = await startServedProcess(
      { command: command('silent'), ready: { line: '(' } },
      { cwd: FIXTURES_DIR, name: 'a1', logFile: nextLog() },
    );
    expect(!started.ok && started.error.kind).toBe('config_error');
  });

  it('refuses, without spawning, when another process already answers ready.url', async () => {
    const other = createServer((_req, res) => res.end('someone else'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as AddressInfo).port;
    const marker = join(logDir, 'spawned');
    try {
      const started = await startServedProcess(
        {
          command: `touch ${JSON.stringify(marker)}; ${command('http')}`,
          env: { PORT: String(port) },
          ready: { url: `http://127.0.0.1:${port}/`, timeout: '5s' },
        },
        { cwd: FIXTURES_DIR, name: 'a1', logFile: nextLog() },
      );
      expect(started.ok).toBe(false);
      if (started.ok) await started.handle.stop();
      else {
        expect(started.error.kind).toBe('config_error');
        expect(started.error.message).toContain(`http://127.0.0.1:${port}/ already answers`);
      }
      expect(existsSync(marker)).toBe(false);
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});

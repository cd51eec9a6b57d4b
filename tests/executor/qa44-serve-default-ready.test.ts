/**
 * QA44: DESIGN §2 — `serve:` is "optional: evalc starts the agent and waits for it". With neither
 * `ready.url` nor `ready.line` evalc waited a fixed 500 ms, so an agent that needs a second to
 * start (a Python import) failed discovery with "connection refused". Without `ready:`, a served
 * agent whose url is on loopback is now awaited until its port accepts connections. Real processes
 * (tests/fixtures/qa44-slow-listen.mjs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServedProcess, startServedProcess } from '../../src/executor/agent-process.js';
import { freePort, startLoopback } from '../fixtures/loopback.js';
import { FIXTURES_DIR } from '../fixtures/mae-harness.js';

const dir = mkdtempSync(join(tmpdir(), 'qa44-ready-'));
const handles: ServedProcess[] = [];
afterAll(async () => {
  for (const handle of handles) await handle.stop();
  rmSync(dir, { recursive: true, force: true });
});

const serveSlow = async (port: number, address: string) =>
  startServedProcess(
    { command: 'node qa44-slow-listen.mjs', env: { PORT: String(port), DELAY_MS: '1500' } },
    { cwd: FIXTURES_DIR, name: 'a1', logFile: join(dir, `a1-${port}.log`), address },
  );

describe('serve: without ready:', () => {
  it('waits until the agent’s loopback port accepts connections', async () => {
    const port = await freePort();
    const started = await serveSlow(port, `http://127.0.0.1:${port}/agent/respond`);
    if (started.ok) handles.push(started.handle);
    expect(started.ok).toBe(true);
    const reply = await fetch(`http://127.0.0.1:${port}/`);
    expect(reply.status).toBe(200);
  }, 20_000);

  it('refuses when another process already holds that port', async () => {
    const other = await startLoopback((_req, res) => {
      res.end('{}');
    });
    try {
      const started = await serveSlow(Number(new URL(other.url).port), `${other.url}/invoke`);
      if (started.ok) handles.push(started.handle);
      expect(started.ok ? 'ok' : started.error.kind).toBe('config_error');
    } finally {
      await other.close();
    }
  });
});

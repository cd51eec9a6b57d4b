/**
 * Regression (QA63): a served agent's `ready.url` probe leaves no idle connection behind. It used
 * `fetch`, whose pooled connection stayed open 4 s after the answer; a single-threaded agent
 * (Python's `HTTPServer` with HTTP/1.1, served with `serve:`) served that idle connection until it
 * timed out, so the run's first request (RAIP `/info`) waited 4 s — 5.1 s for a 12-call plan,
 * 1.6 s after the fix. Real python3 stdlib server (tests/fixtures/qa63-one-connection-server.py).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUrlReady } from '../../src/executor/ready-url.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/qa63-one-connection-server.py');

let child: ChildProcess;
let base = '';
beforeAll(async () => {
  child = spawn('python3', [SCRIPT], { stdio: ['ignore', 'pipe', 'ignore'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('python3 server did not start')), 10_000);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      out += chunk;
      const match = /PORT (\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
});

describe('ready.url probe (QA63)', () => {
  it('closes its connection, so a single-threaded agent answers the next request at once', async () => {
    expect(await isUrlReady(`${base}/healthz`)).toBe(true);
    // 2 s < the 4 s an idle pooled connection held the server
    const transport = new HttpTransport({ retries: 0, timeoutMs: 2_000 });
    try {
      const reply = await transport.requestJson({ method: 'POST', url: `${base}/invoke`, body: { q: 'x' } });
      expect(reply.ok ? reply.body : reply.error.message).toEqual({ answer: 'A:x' });
    } finally {
      await transport.close();
    }
  });

  it('is false when nothing listens', async () => {
    expect(await isUrlReady('http://127.0.0.1:1/healthz')).toBe(false);
  });
});

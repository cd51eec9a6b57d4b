/**
 * Regression (QA63): a Python `BaseHTTPRequestHandler` with `protocol_version = "HTTP/1.1"` that
 * writes no Content-Length (code ported from HTTP/1.0) sends a body that ends only when the
 * connection closes, and keeps the connection open: the request timed out with "the body did not
 * end" and nothing said why, and every retry hung the same way. Now the timeout names the missing
 * Content-Length, and a retry (sent with `Connection: close`, the server being a Python one) gets
 * the reply. Real python3 stdlib server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/qa63-one-connection-server.py');

let child: ChildProcess;
let url = '';
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
  url = `http://127.0.0.1:${port}/no-length`;
});
afterAll(async () => {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
});

describe('a keep-alive reply without Content-Length (QA63)', () => {
  it('times out naming the missing Content-Length', async () => {
    const transport = new HttpTransport({ retries: 0, timeoutMs: 500 });
    try {
      const reply = await transport.requestJson({ method: 'POST', url, body: {} });
      expect(reply.ok ? undefined : reply.error).toMatchObject({
        kind: 'timeout',
        message: `POST ${url}: reply not complete within 500 ms (status 200 and headers arrived; the body did not end: the reply has no Content-Length and is not chunked, so it ends only when the server closes the connection — send a Content-Length header)`,
      });
    } finally {
      await transport.close();
    }
  });

  it('gets the reply on the retry, sent with Connection: close', async () => {
    const transport = new HttpTransport({ retries: 1, timeoutMs: 500, random: () => 0 });
    try {
      const reply = await transport.requestJson({ method: 'POST', url, body: {} });
      expect(reply.ok ? reply.body : reply.error.message).toEqual({ answer: 'A:no-length' });
      expect(reply.attempts).toBe(2);
    } finally {
      await transport.close();
    }
  });
});

/**
 * QA61: `limits.timeout` is per request, connect included, but a connect that hung (a server whose
 * accept queue is full, a firewall dropping SYNs) ignored it: undici rejects an aborted request
 * only once its connect ends, after its own 10 s connect timeout. An agent of `timeout: 2s,
 * retries: 1` recorded `timeout: no reply within 2000 ms` after 21 s. Real transport, a real
 * loopback port that never completes a connect (tests/fixtures/qa61-unaccepting-port.py).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/qa61-unaccepting-port.py');
let child: ChildProcess;
let port = 0;

beforeAll(async () => {
  child = spawn('python3', [SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'] });
  port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.once('error', reject);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /PORT (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
      else if (out.includes('NOHANG')) reject(new Error('could not make a connect hang on loopback'));
    });
  });
});
afterAll(() => {
  child.kill('SIGKILL');
});

describe('a request whose connect hangs', () => {
  it('times out after the request timeout, each attempt', async () => {
    const transport = new HttpTransport({ timeoutMs: 500, retries: 1, random: () => 0 });
    try {
      const started = performance.now();
      const reply = await transport.requestJson({
        method: 'POST',
        url: `http://127.0.0.1:${port}/invoke`,
        body: {},
      });
      const elapsed = performance.now() - started;
      expect(reply.ok).toBe(false);
      if (!reply.ok) expect(reply.error.kind).toBe('timeout');
      expect(reply.attempts).toBe(2);
      // Two attempts of 500 ms (undici's 10 s connect timeout made it ~21 s); generous for a busy machine.
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(5000);
    } finally {
      await transport.close();
    }
  });

  it('ends at once when the caller cancels', async () => {
    const transport = new HttpTransport({ timeoutMs: 60_000, retries: 0 });
    try {
      const controller = new AbortController();
      const started = performance.now();
      setTimeout(() => controller.abort(), 300);
      const reply = await transport.requestJson({
        method: 'POST',
        url: `http://127.0.0.1:${port}/invoke`,
        body: {},
        signal: controller.signal,
      });
      expect(reply.ok).toBe(false);
      if (!reply.ok) expect(reply.error.kind).toBe('cancelled');
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      await transport.close();
    }
  });

  it("waits for a connect as long as the timeout, past undici's own 10 s", async () => {
    const transport = new HttpTransport({ timeoutMs: 60_000, retries: 0 });
    try {
      const controller = new AbortController();
      let settled = false;
      const reply = transport
        .requestJson({
          method: 'POST',
          url: `http://127.0.0.1:${port}/invoke`,
          body: {},
          signal: controller.signal,
        })
        .finally(() => {
          settled = true;
        });
      // undici gave up connecting after 10 s: "no reply within 60000 ms" after 10 s.
      await new Promise((resolve) => setTimeout(resolve, 11_000));
      expect(settled).toBe(false);
      controller.abort();
      const outcome = await reply;
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.error.kind).toBe('cancelled');
    } finally {
      await transport.close();
    }
  }, 20_000);
});

/**
 * Regression (QA63): a RAIP agent's 400 without `ajvErrors[]` says why in its own words. An
 * aiohttp or FastAPI agent answering an RFC 9457 `application/problem+json` 400 (`detail: "q must
 * name a course code"`) gave `agent rejected the input (400, 0 ajv error(s))` and nothing else:
 * only a `{"error": "…"}` body was quoted. Real python3 stdlib server.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { testContext } from './conformance.js';

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

describe('RAIP 400 without ajvErrors (QA63)', () => {
  it("quotes a problem+json reply's detail", async () => {
    const adapter = createRaipAdapter(
      { protocol: 'raip', url: `${base}/problem` },
      { transport: new HttpTransport({ timeoutMs: 3_000, retries: 0 }) },
    );
    try {
      const outcome = await adapter.invoke({ q: 'intro ML' }, testContext(new AbortController().signal));
      expect(outcome.ok ? undefined : outcome.error).toMatchObject({
        kind: 'contract_error',
        message: 'agent rejected the input (400, 0 ajv error(s)): q must name a course code',
        details: { source: 'agent', ajvErrors: [] },
      });
    } finally {
      await adapter.close();
    }
  });
});

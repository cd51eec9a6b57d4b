/**
 * QA151: since QA143 a `ready.url` probe waits up to the time left to `ready.timeout` — for the
 * status, and also for the page's body, which it reads to its end. A ready page that answers at
 * once but keeps streaming (an SSE endpoint, a slow chunked page) thus held the agent "not ready"
 * until `ready.timeout` ran out (1 s before: the probe's own limit cut the body off), and apply
 * started the run that much later: all of a 10 s ready.timeout here. The status is the answer;
 * the body is read for 1 s at most. Real node server, spawned by `serve.command`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { freePort } from '../fixtures/loopback.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const AGENT = `import http from 'node:http';
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const t = setInterval(() => res.write(': ping\\n\\n'), 200);
  req.on('close', () => clearInterval(t));
}).listen(Number(process.argv[2]), '127.0.0.1');
`;

describe('serve.ready.url on a page that keeps streaming (QA151)', () => {
  it('is ready once the status has come, not when ready.timeout runs out', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa151-ready-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'agent.mjs'), AGENT);
    const port = await freePort();
    const t0 = Date.now();
    const started = await startServedProcess(
      {
        command: `exec node agent.mjs ${port}`,
        ready: { url: `http://127.0.0.1:${port}/events`, timeout: '10s' },
      },
      { cwd: dir, name: 'a1', logFile: path.join(dir, 'a1.log') },
    );
    const took = Date.now() - t0;
    if (started.ok) await started.handle.stop();
    expect(started.ok).toBe(true);
    expect(took).toBeLessThan(5_000);
  }, 20_000);
});

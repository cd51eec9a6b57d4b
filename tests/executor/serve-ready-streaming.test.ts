/**
 * `serve.ready.url` on pages that keep streaming. Real node servers, spawned by `serve.command`.
 *
 * QA151: since QA143 a probe waited up to the time left to `ready.timeout` for the status and also
 * for the page's body, read to its end, so a ready page that answers at once but keeps streaming
 * (an SSE endpoint, a slow chunked page) held the agent "not ready" until `ready.timeout` ran out.
 * The status is the answer; a ready page's body is read for 1 s at most.
 *
 * QA159: a page answering 503 with a body that keeps streaming (a proxy's or a framework's
 * "starting" page) was read for 1 s per probe before the probe said "not ready", so an agent still
 * starting was probed once a second instead of every 100 ms and found ready up to a second late.
 * The status alone decides a non-ready probe: its body is dropped unread.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { probeUrl } from '../../src/executor/ready-url.js';
import { freePort, startLoopback } from '../fixtures/loopback.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** An SSE page that answers 200 at once and pings every 200 ms, never ending. */
const READY_STREAMING = `import http from 'node:http';
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const t = setInterval(() => res.write(': ping\\n\\n'), 200);
  req.on('close', () => clearInterval(t));
}).listen(Number(process.argv[2]), '127.0.0.1');
`;

/** Its first eight probes answered 503 with a streaming body (each counted in probes.txt), then 200. */
const STARTING_STREAMING = `import http from 'node:http';
import { appendFileSync } from 'node:fs';
let probes = 0;
http.createServer((req, res) => {
  probes += 1;
  appendFileSync('probes.txt', 'x');
  if (probes > 8) return res.end('ok');
  res.writeHead(503, { 'content-type': 'text/plain' });
  res.write('starting');
  const t = setInterval(() => res.write('.'), 100);
  req.on('close', () => clearInterval(t));
  res.on('close', () => clearInterval(t));
}).listen(Number(process.argv[2]), '127.0.0.1');
`;

/** Serves `agent` with a `ready.url` probe of `timeout`; whether it became ready, and how long it took. */
async function serve(agent: string, timeout: string): Promise<{ ok: boolean; took: number; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-ready-streaming-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'agent.mjs'), agent);
  const port = await freePort();
  const t0 = Date.now();
  const started = await startServedProcess(
    { command: `exec node agent.mjs ${port}`, ready: { url: `http://127.0.0.1:${port}/health`, timeout } },
    { cwd: dir, name: 'a1', logFile: path.join(dir, 'a1.log') },
  );
  const took = Date.now() - t0;
  if (started.ok) await started.handle.stop();
  return { ok: started.ok, took, dir };
}

describe('serve.ready.url on a page that keeps streaming', () => {
  it('is ready once the status has come, not when ready.timeout runs out (QA151)', async () => {
    const { ok, took } = await serve(READY_STREAMING, '10s');
    expect(ok).toBe(true);
    expect(took).toBeLessThan(5_000);
  }, 20_000);

  it('answering 503: probes again at once rather than reading the page for a second (QA159)', async () => {
    const { ok, took, dir } = await serve(STARTING_STREAMING, '20s');
    expect(ok).toBe(true);
    expect(readFileSync(path.join(dir, 'probes.txt'), 'utf8').length).toBe(9);
    // Eight not-ready probes 100 ms apart, plus the node start; read 1 s each they took 8 s.
    expect(took).toBeLessThan(5_000);
  }, 30_000);

  it('reads one 503 probe as not ready within a fraction of its body wait (QA159)', async () => {
    const server = await startLoopback((_req, res) => {
      res.writeHead(503);
      res.write('starting');
      const t = setInterval(() => res.write('.'), 50);
      res.on('close', () => clearInterval(t));
    });
    try {
      const t0 = Date.now();
      expect(await probeUrl(`${server.url}/health`, 5_000)).toBe('not_ready');
      expect(Date.now() - t0).toBeLessThan(500);
    } finally {
      await server.close();
    }
  });
});

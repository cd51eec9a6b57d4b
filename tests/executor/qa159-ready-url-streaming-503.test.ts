/**
 * QA159: a `ready.url` answering 503 with a body that keeps streaming (a proxy's or a framework's
 * "starting" page, an SSE endpoint not up yet) was read for 1 s per probe before the probe said
 * "not ready", so an agent still starting was probed once a second instead of every 100 ms and
 * was found ready up to a second late each time. The status alone decides a non-ready probe: its
 * body is dropped unread. Real node server, spawned by `serve.command`: it answers its first eight
 * probes 503 with a streaming body, then 200.
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

const AGENT = `import http from 'node:http';
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

describe('serve.ready.url answering 503 with a streaming body (QA159)', () => {
  it('probes again at once rather than reading the page for a second', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa159-ready-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'agent.mjs'), AGENT);
    const port = await freePort();
    const t0 = Date.now();
    const started = await startServedProcess(
      {
        command: `exec node agent.mjs ${port}`,
        ready: { url: `http://127.0.0.1:${port}/health`, timeout: '20s' },
      },
      { cwd: dir, name: 'a1', logFile: path.join(dir, 'a1.log') },
    );
    const took = Date.now() - t0;
    if (started.ok) await started.handle.stop();
    expect(started.ok).toBe(true);
    expect(readFileSync(path.join(dir, 'probes.txt'), 'utf8').length).toBe(9);
    // Eight not-ready probes 100 ms apart, plus the node start; read 1 s each they took 8 s.
    expect(took).toBeLessThan(5_000);
  }, 30_000);

  it('reads one 503 probe as not ready within a fraction of its body wait', async () => {
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

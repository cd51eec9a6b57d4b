/**
 * SIGTERM (a CI job cancelled, `timeout`) ends a command that has nothing to finish at once, exit
 * 130: `validate` stuck on a remote dataset whose server trickles bytes ignored it until its
 * 120 s download deadline (QA21 A). `apply` keeps its graceful stop (tested with its Ctrl-C).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI } from './run-cli.js';

let requests = 0;
const server = http.createServer((_req, res) => {
  requests++;
  res.writeHead(200, { 'content-type': 'application/x-ndjson' });
  // One byte a second, never the end.
  const timer = setInterval(() => res.write(' '), 1000);
  res.on('close', () => clearInterval(timer));
});
let port = 0;
let dir = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  dir = mkdtempSync(path.join(tmpdir(), 'sigterm-'));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('ends validate while it downloads a remote dataset, exit 130', async () => {
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { source: "http://127.0.0.1:${port}/d.jsonl" } }
`,
    );
    const child = spawn(process.execPath, [CLI, 'validate', 'evalc.yaml'], { cwd: dir, stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 20_000;
    while (requests === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(requests).toBe(1);
    const sent = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(130);
    expect(Date.now() - sent).toBeLessThan(5_000);
  });
});

/**
 * QA104 (review of c4501a6): a trajectory's text is scored as the agent wrote it — only evalc's
 * own error in it (the mae recorder's `response.error`, `{kind, message}`) keeps the head of a
 * secret before a `…` masked. c4501a6 took any object with string `kind` and `message` anywhere in
 * the trajectory for evalc's error, so an agent's own status object (a Kubernetes-style
 * `{kind: "Status", message: …}`) beside `Content-Type: application/json` was still cut:
 * 'your application… it takes a week.' became 'your ***…' and `contains` scored 0 (900abe8: 1).
 * Real loopback HTTP agent, the built CLI.
 */
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, lockResults, runCli, tempWorkspace } from './apply-harness.js';

const MESSAGE = 'We received your application… it takes a week.';

let server: http.Server;
let url = '';
const ws = tempWorkspace('qa104-kind-message');

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: { kind: 'Status', message: MESSAGE } }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ask`;
});

afterAll(async () => {
  server.close();
  ws.cleanup();
});

describe("an agent's own {kind, message} object with a '…' after a header value's head (QA104)", () => {
  it('is scored and reported as the agent wrote it', async () => {
    assertBuilt();
    writeFileSync(path.join(ws.dir, 'd.jsonl'), `${JSON.stringify({ id: 'e1', vars: { q: 'status?' } })}\n`);
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa104-kind-message', version: '1.0.0' },
      agents: {
        a: {
          protocol: 'http',
          url,
          response: '@',
          headers: { 'Content-Type': 'application/json' },
          limits: { retries: 0 },
        },
      },
      tasks: {
        t: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'status.message' } } },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [{ type: 'contains', value: 'your application…' }],
        },
      },
    };
    writeFileSync(path.join(ws.dir, 'evalc.yaml'), JSON.stringify(plan));
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir, timeoutMs: 30_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(lockResults(ws.dir).map((r) => r.metrics.contains?.score)).toEqual([1]);
    const report = JSON.parse(readFileSync(path.join(ws.dir, '.evalc/reports/report.json'), 'utf8')) as {
      examples: Array<{ repeats: Array<{ trajectory: { response: { status: { message: string } } } }> }>;
    };
    expect(report.examples[0]?.repeats[0]?.trajectory.response.status.message).toBe(MESSAGE);
  }, 40_000);
});

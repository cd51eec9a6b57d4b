/**
 * QA103 (review of 157f61d): the head of a secret that evalc cut before its `…` is masked in
 * evalc's excerpts — but not in what the agent wrote. Every header value of an agent is a secret
 * (a server may quote it), so beside `Content-Type: application/json` an answer
 * 'We received your application… it takes a week.' became 'We received your [redacted]… ' before
 * it was scored and cached: `contains: "your application"` scored 0 where 900abe8 scored 1.
 * A whole secret in the answer is still redacted.
 *
 * QA104 (review of c4501a6): only evalc's own error in a trajectory (the mae recorder's
 * `response.error`, `{kind, message}`) keeps the head of a secret before a `…` masked. c4501a6
 * took any object with string `kind` and `message` anywhere in the trajectory for evalc's error,
 * so an agent's own status object (a Kubernetes-style `{kind: "Status", message: …}`) beside
 * `Content-Type: application/json` was still cut: 'your application… it takes a week.' became
 * 'your ***…' and `contains` scored 0 (900abe8: 1).
 *
 * One real loopback HTTP agent (`/ask`: an answer per example; `/status`: a status object), the
 * built CLI.
 */
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, lockResults, runCli, tempWorkspace } from './apply-harness.js';

const ANSWERS: Record<string, string> = {
  e1: 'We received your application… it takes a week.',
  e2: 'Your header was application/json… noted.',
};
const MESSAGE = 'We received your application… it takes a week.';

let server: http.Server;
let origin = '';
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url === '/status') {
        res.end(JSON.stringify({ status: { kind: 'Status', message: MESSAGE } }));
        return;
      }
      const id = (JSON.parse(body || '{}') as { id?: string }).id ?? 'e1';
      res.end(JSON.stringify({ answer: ANSWERS[id] }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  for (const cleanup of cleanups) cleanup();
});

/** A plan of one http agent at `url` (beside `Content-Type: application/json`) and one task. */
function writePlan(dir: string, id: string, url: string, response: string, task: Record<string, unknown>) {
  const plan = {
    evalc: 1,
    benchmark: { id, version: '1.0.0' },
    agents: {
      a: {
        protocol: 'http',
        url,
        response,
        headers: { 'Content-Type': 'application/json' },
        limits: { retries: 0 },
      },
    },
    tasks: { t: task },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
}

describe("an agent's own '…' after a word a header value begins with (QA103)", () => {
  it('is scored and reported as the agent wrote it; a whole header value is still redacted', async () => {
    assertBuilt();
    const ws = tempWorkspace('qa103-answer-ellipsis');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'd.jsonl'),
      ['e1', 'e2'].map((id) => JSON.stringify({ id, vars: { id } })).join('\n'),
    );
    writePlan(ws.dir, 'qa103-ellipsis', `${origin}/ask`, 'answer', {
      bindings: { default: { input: { id: '{{id}}' }, output: { answer: '@' } } },
      datasets: { d: { source: 'd.jsonl' } },
      metrics: [{ type: 'contains', value: 'your application…' }],
    });
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir, timeoutMs: 30_000 });
    expect(run.code, run.stderr).not.toBe(2);
    const scores = Object.fromEntries(lockResults(ws.dir).map((r) => [r.example, r.metrics.contains?.score]));
    expect(scores).toEqual({ e1: 1, e2: 0 });
    const report = JSON.parse(readFileSync(path.join(ws.dir, '.evalc/reports/report.json'), 'utf8')) as {
      examples: Array<{ example: string; repeats: Array<{ trajectory: { response: unknown } }> }>;
    };
    const responses = Object.fromEntries(
      report.examples.map((e) => [e.example, e.repeats[0]?.trajectory.response]),
    );
    expect(responses.e1).toBe('We received your application… it takes a week.');
    expect(responses.e2).toBe('Your header was [redacted]… noted.');
  }, 40_000);
});

describe("an agent's own {kind, message} object with a '…' after a header value's head (QA104)", () => {
  it('is scored and reported as the agent wrote it', async () => {
    assertBuilt();
    const ws = tempWorkspace('qa104-kind-message');
    cleanups.push(ws.cleanup);
    writeFileSync(path.join(ws.dir, 'd.jsonl'), `${JSON.stringify({ id: 'e1', vars: { q: 'status?' } })}\n`);
    writePlan(ws.dir, 'qa104-kind-message', `${origin}/status`, '@', {
      bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'status.message' } } },
      datasets: { d: { source: 'd.jsonl' } },
      metrics: [{ type: 'contains', value: 'your application…' }],
    });
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir, timeoutMs: 30_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(lockResults(ws.dir).map((r) => r.metrics.contains?.score)).toEqual([1]);
    const report = JSON.parse(readFileSync(path.join(ws.dir, '.evalc/reports/report.json'), 'utf8')) as {
      examples: Array<{ repeats: Array<{ trajectory: { response: { status: { message: string } } } }> }>;
    };
    expect(report.examples[0]?.repeats[0]?.trajectory.response.status.message).toBe(MESSAGE);
  }, 40_000);
});

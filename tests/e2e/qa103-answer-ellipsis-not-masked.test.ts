/**
 * QA103 (review of 157f61d): the head of a secret that evalc cut before its `…` is masked in
 * evalc's excerpts — but not in what the agent wrote. Every header value of an agent is a secret
 * (a server may quote it), so beside `Content-Type: application/json` an answer
 * 'We received your application… it takes a week.' became 'We received your [redacted]… ' before
 * it was scored and cached: `contains: "your application"` scored 0 where 900abe8 scored 1.
 * A whole secret in the answer is still redacted. Real loopback HTTP agent, the built CLI.
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

let server: http.Server;
let url = '';
const ws = tempWorkspace('qa103-answer-ellipsis');

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const id = (JSON.parse(body || '{}') as { id?: string }).id ?? 'e1';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ answer: ANSWERS[id] }));
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

describe("an agent's own '…' after a word a header value begins with (QA103)", () => {
  it('is scored and reported as the agent wrote it; a whole header value is still redacted', async () => {
    assertBuilt();
    writeFileSync(
      path.join(ws.dir, 'd.jsonl'),
      ['e1', 'e2'].map((id) => JSON.stringify({ id, vars: { id } })).join('\n'),
    );
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa103-ellipsis', version: '1.0.0' },
      agents: {
        a: {
          protocol: 'http',
          url,
          response: 'answer',
          headers: { 'Content-Type': 'application/json' },
          limits: { retries: 0 },
        },
      },
      tasks: {
        t: {
          bindings: { default: { input: { id: '{{id}}' }, output: { answer: '@' } } },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [{ type: 'contains', value: 'your application…' }],
        },
      },
    };
    writeFileSync(path.join(ws.dir, 'evalc.yaml'), JSON.stringify(plan));
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

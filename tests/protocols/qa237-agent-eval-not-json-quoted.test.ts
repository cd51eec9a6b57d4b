/**
 * QA237: an agent-eval judge over HTTP whose `POST /v1/judge` answers a 2xx that is not JSON (a
 * proxy's HTML page, a verdict whose JSON is broken) recorded `invalid_json` 'reply is not JSON'
 * and nothing of what came, where an agent's reply and an openai judge's quote it ('reply is not
 * JSON: oops'). It is quoted now, as theirs. A real loopback server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';

let server: Server;
let base = '';
let judgeReply = '';
const RUBRIC = {
  name: 'anti-slop',
  description: 'd',
  dimensions: [{ id: 'a', description: 'b', weight: 1 }],
  failureModes: [],
  rubricVersion: 'anti-slop@1',
};

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const json = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/v1/version')
        return json({ package: '@tangle-network/agent-eval', version: '0.170.0', wireVersion: '1.1.0' });
      if (req.url === '/v1/rubrics') return json({ rubrics: [RUBRIC] });
      if (req.url === '/healthz') return json({ status: 'ok' });
      res.writeHead(200, { 'content-type': judgeReply.startsWith('<') ? 'text/html' : 'application/json' });
      res.end(judgeReply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('an agent-eval judge whose 200 is not JSON (QA237)', () => {
  it.each([
    ['<html><body><h1>Sign in to the proxy</h1></body></html>', 'Sign in to the proxy'],
    [
      '{"composite": 0.8, "dimensions": {"a": 0.8}, "rationale": oops}',
      '{"composite": 0.8, "dimensions": {"a": 0.8}, "rationale": oops}',
    ],
  ])('%s: invalid_json quoting what came', async (reply, quoted) => {
    judgeReply = reply;
    const judge = createAgentEvalJudge(
      { protocol: 'agent-eval', url: base, rubric: 'anti-slop' },
      { cwd: process.cwd(), rubrics: {} },
    );
    try {
      const verdict = await judge.judge(
        { content: 'some answer', rubric: { name: 'anti-slop' } },
        AbortSignal.timeout(10_000),
      );
      expect(verdict.ok ? undefined : verdict.error).toEqual({
        kind: 'invalid_json',
        message: `POST ${base}/v1/judge: reply is not JSON: ${quoted}`,
        retryable: false,
      });
    } finally {
      await judge.close();
    }
  });
});

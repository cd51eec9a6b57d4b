/**
 * QA237: an agent-eval judge over HTTP whose `POST /v1/judge` answers a 2xx that is not JSON (a
 * proxy's HTML page, a verdict whose JSON is broken) recorded `invalid_json` 'reply is not JSON'
 * and nothing of what came, where an agent's reply and an openai judge's quote it ('reply is not
 * JSON: oops'). It is quoted now, as theirs. A real loopback server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANTI_SLOP_RUBRIC,
  judgeSomeAnswer,
  startAgentEvalDiscovery,
} from '../fixtures/agent-eval-discovery.js';
import { type Loopback, sendJson } from '../fixtures/loopback.js';

let server: Loopback;
let base = '';
let judgeReply = '';

beforeAll(async () => {
  server = await startAgentEvalDiscovery([ANTI_SLOP_RUBRIC], (req, res) => {
    if (req.url === '/healthz') return sendJson(res, 200, { status: 'ok' });
    res.writeHead(200, { 'content-type': judgeReply.startsWith('<') ? 'text/html' : 'application/json' });
    res.end(judgeReply);
  });
  base = server.url;
});
afterAll(() => server.close());

describe('an agent-eval judge whose 200 is not JSON (QA237)', () => {
  it.each([
    ['<html><body><h1>Sign in to the proxy</h1></body></html>', 'Sign in to the proxy'],
    [
      '{"composite": 0.8, "dimensions": {"a": 0.8}, "rationale": oops}',
      '{"composite": 0.8, "dimensions": {"a": 0.8}, "rationale": oops}',
    ],
  ])('%s: invalid_json quoting what came', async (reply, quoted) => {
    judgeReply = reply;
    const verdict = await judgeSomeAnswer(base);
    expect(verdict.ok ? undefined : verdict.error).toEqual({
      kind: 'invalid_json',
      message: `POST ${base}/v1/judge: reply is not JSON: ${quoted}`,
      retryable: false,
    });
  });
});

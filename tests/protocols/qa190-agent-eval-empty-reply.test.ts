/**
 * QA190 (the case next to QA185's cdc6945, which made a raip or openai agent's 204 or empty 202
 * `invalid_json`): an agent-eval judge over HTTP that answers `POST /v1/judge` with 204 No Content
 * or an empty 202 failed judge_error 'malformed judge result ((root): Invalid input: expected
 * object, received null)', as if it had sent the JSON `null`. It is `invalid_json` 'reply is empty
 * (HTTP 204), not JSON', as an empty 200 is; a 204 from `/healthz` stays a healthy server. A real
 * loopback server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import {
  ANTI_SLOP_RUBRIC,
  judgeSomeAnswer,
  startAgentEvalDiscovery,
} from '../fixtures/agent-eval-discovery.js';
import type { Loopback } from '../fixtures/loopback.js';

let server: Loopback;
let base = '';
let judgeStatus = 204;

beforeAll(async () => {
  server = await startAgentEvalDiscovery([ANTI_SLOP_RUBRIC], (req, res) => {
    res.writeHead(req.url === '/healthz' ? 204 : judgeStatus);
    res.end();
  });
  base = server.url;
});
afterAll(() => server.close());

function judgeOf() {
  return createAgentEvalJudge(
    { protocol: 'agent-eval', url: base, rubric: 'anti-slop' },
    { cwd: process.cwd(), rubrics: {} },
  );
}

describe('an agent-eval judge that answers with no body (QA190)', () => {
  it.each([204, 202, 200])('HTTP %i: invalid_json, the reply is empty', async (status) => {
    judgeStatus = status;
    const verdict = await judgeSomeAnswer(base);
    expect(verdict.ok ? undefined : verdict.error).toEqual({
      kind: 'invalid_json',
      message: `POST ${base}/v1/judge: reply is empty (HTTP ${status}), not JSON`,
      retryable: false,
    });
  });

  it('a 204 from /healthz is a healthy server', async () => {
    const judge = judgeOf();
    try {
      expect(await judge.health?.(AbortSignal.timeout(10_000))).toEqual({ ok: true });
    } finally {
      await judge.close();
    }
  });
});

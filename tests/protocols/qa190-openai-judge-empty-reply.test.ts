/**
 * QA190 (the case next to QA185's cdc6945, which said it made an openai judge's 204 or empty 202
 * `invalid_json` too and changed only the openai agent's path): an `openai` judge whose server
 * answers `POST …/chat/completions` with 204 No Content or an empty 202 failed contract_violation
 * 'chat completion has no choices[0].message', as if it had sent a completion without choices. It
 * is `invalid_json` 'reply is empty (HTTP 204), not JSON', as the openai agent's is. A real loopback
 * server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenaiJudge } from '../../src/protocols/openai-judge/openai-judge.js';
import { startLoopback } from '../fixtures/loopback.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('an openai judge whose server answers with no body (QA190)', () => {
  it.each([204, 202])('HTTP %i: invalid_json, the reply is empty', async (status) => {
    let calls = 0;
    const server = await startLoopback((_req, res) => {
      calls++;
      res.writeHead(status);
      res.end();
    });
    const judge = createOpenaiJudge(
      { protocol: 'openai', url: `${server.url}/v1`, model: 'm', limits: { retries: 1 } },
      { cwd: '.', rubrics: {} },
    );
    cleanups.push(
      () => server.close(),
      () => judge.close(),
    );
    const judged = await judge.judge(
      { content: 'x', rubric: { name: 'generic' } },
      AbortSignal.timeout(20_000),
    );
    expect(judged).toEqual({
      ok: false,
      error: {
        kind: 'invalid_json',
        message: `POST ${server.url}/v1/chat/completions: reply is empty (HTTP ${status}), not JSON`,
        retryable: false,
      },
    });
    expect(calls).toBe(1);
  });
});

/**
 * Regression (QA127, QA120's leftover): a streamed chat completion cut before its end (no
 * finish_reason, no `data: [DONE]`) is named with the endpoint, `POST <origin>/v1/chat/completions:
 * the streamed reply was cut: …`, as every other judge and agent failure is: the judge's and the
 * openai agent's message began 'the streamed reply was cut', with no endpoint. Real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RubricConfig } from '../../src/plan/schema.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import { createOpenaiJudge } from '../../src/protocols/openai-judge/openai-judge.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const RUBRIC: RubricConfig = { dimensions: [{ id: 'relevance', description: 'Answers', weight: 1 }] };

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

/** A server whose stream stops after one content chunk (an upstream that died). */
async function cutStreamServer(): Promise<Loopback> {
  const chunk = {
    id: 'c',
    object: 'chat.completion.chunk',
    model: 'm',
    choices: [{ index: 0, delta: { content: '{"dim' }, finish_reason: null }],
  };
  const server = await startLoopback((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(`data: ${JSON.stringify(chunk)}\n\n`);
  });
  opened.push(server);
  return server;
}

describe('a cut stream names its endpoint (QA127)', () => {
  it("the judge's message starts with POST <url>", async () => {
    const server = await cutStreamServer();
    const judge = createOpenaiJudge(
      { protocol: 'openai', url: `${server.url}/v1`, model: 'm', rubric: 'r', limits: { retries: 0 } },
      { cwd: '.', rubrics: { r: RUBRIC } },
    );
    opened.push(judge);
    const outcome = await judge.judge(
      { content: 'answer', rubric: { name: 'r' } },
      AbortSignal.timeout(10_000),
    );
    expect(outcome.ok ? 'ok' : outcome.error.message).toMatch(
      new RegExp(`^POST ${server.url}/v1/chat/completions: the streamed reply was cut: `),
    );
  });

  it("the openai agent's message starts with POST <url>", async () => {
    const server = await cutStreamServer();
    const adapter = createOpenaiAdapter(
      { protocol: 'openai', url: `${server.url}/v1`, model: 'm' },
      { transport: new HttpTransport({ retries: 0 }) },
    );
    opened.push(adapter);
    const outcome = await adapter.invoke('hi', testContext(AbortSignal.timeout(10_000)));
    expect(outcome.ok ? 'ok' : outcome.error.message).toMatch(
      new RegExp(`^POST ${server.url}/v1/chat/completions: the streamed reply was cut: `),
    );
  });
});

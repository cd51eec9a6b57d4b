/**
 * QA116: a chat completion streamed as SSE (asked with `stream: true`, or forced by a gateway)
 * whose stream ends with neither a `finish_reason` nor `data: [DONE]` — the upstream died or a
 * proxy cut the stream — was merged and scored as the agent's whole answer ("The capital of
 * France is"), and cached as such. The OpenAI SDKs refuse such a stream ("missing finish_reason
 * for choice 0"); evalc now records it as a `contract_violation` that is not cached (the next
 * apply asks again). A stream that ends with `[DONE]`, or whose choice has a finish reason, is
 * merged as before. Real loopback server writing the raw stream.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isDefinitiveFailure } from '../../src/executor/step-records.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import type { InvokeOutcome } from '../../src/protocols/types.js';
import { testContext } from './conformance.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const chunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', model: 'm', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;

async function invokeStream(body: string): Promise<InvokeOutcome> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const adapter = createOpenaiAdapter(
    { protocol: 'openai', url: `http://127.0.0.1:${port}/v1`, model: 'm' },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  try {
    return await adapter.invoke(
      { messages: [{ role: 'user', content: 'capital of France?' }], stream: true },
      testContext(AbortSignal.timeout(10_000)),
    );
  } finally {
    await adapter.close();
  }
}

describe('openai agent: a streamed reply cut before its end', () => {
  it('is a contract_violation, not cached, when neither a finish_reason nor [DONE] came', async () => {
    const outcome = await invokeStream(chunk('The capital') + chunk(' of France is'));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.kind).toBe('contract_violation');
      expect(outcome.error.message).toContain(
        'the streamed reply was cut: it ended with no finish_reason and no data: [DONE]',
      );
      expect(outcome.error.message).toContain('"The capital of France is"');
      expect(isDefinitiveFailure(outcome.error)).toBe(false);
    }
  });

  it('is the answer when the stream ended with [DONE]', async () => {
    const outcome = await invokeStream(`${chunk('Paris')}data: [DONE]\n\n`);
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect((outcome.trajectory.response as { content: unknown }).content).toBe('Paris');
  });

  it('is the answer when the choice finished, without [DONE]', async () => {
    const outcome = await invokeStream(chunk('Paris') + chunk('', 'stop'));
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect((outcome.trajectory.response as { content: unknown }).content).toBe('Paris');
  });
});

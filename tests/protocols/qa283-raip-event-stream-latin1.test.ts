/**
 * QA283 (f2bb34aa's case for another protocol): a raip agent's Latin-1 reply that is an event stream
 * (`data: {…}`, labelled text/event-stream or not) was hinted 'e.g. Content-Type: text/event-stream;
 * charset=iso-8859-1', a type a raip agent, which reads one JSON reply, then read as 'reply is not
 * JSON: data: {…}'. It is hinted application/json and told that raip reads no event stream; an openai
 * agent, which reads one, keeps its stream's hint.
 */
import { afterEach, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import type { AgentAdapter } from '../../src/protocols/types.js';
import { sendJson, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0)) await close();
});

async function agentUrl(text: string, contentType: string | undefined): Promise<string> {
  const server = await startLoopback((req, res) => {
    req.resume();
    if (req.url?.startsWith('/info'))
      return sendJson(res, 200, { name: 'a', version: '1', inputSchema: { type: 'object' } });
    res.writeHead(200, contentType === undefined ? {} : { 'content-type': contentType });
    res.end(Buffer.from(text, 'latin1'));
  });
  cleanups.push(() => server.close());
  return server.url;
}

async function messageOf(adapter: AgentAdapter, input: unknown): Promise<string | undefined> {
  cleanups.push(() => adapter.close());
  const outcome = await adapter.invoke(input, testContext(AbortSignal.timeout(5_000)));
  return outcome.ok ? undefined : outcome.error.message;
}

const transport = () => new HttpTransport({ timeoutMs: 2_000, retries: 0 });
const stream = 'data: {"output":{"answer":"café"}}\n\n';

it.each([['text/event-stream'], [undefined]])(
  'a raip agent is hinted application/json for a Latin-1 stream (Content-Type %s)',
  async (contentType) => {
    const url = await agentUrl(stream, contentType);
    const message = await messageOf(
      createRaipAdapter({ protocol: 'raip', url }, { transport: transport() }),
      {
        q: 'x',
      },
    );
    expect(message).toContain(
      'send UTF-8, or name the charset the agent writes, e.g. Content-Type: application/json; charset=iso-8859-1 (a raip agent reads no event stream: send one JSON reply)',
    );
  },
);

it('an openai agent keeps the stream hint', async () => {
  const url = await agentUrl('data: {"choices":[{"delta":{"content":"café"}}]}\n\n', 'text/event-stream');
  const message = await messageOf(
    createOpenaiAdapter({ protocol: 'openai', url: `${url}/v1`, model: 'm' }, { transport: transport() }),
    'hi',
  );
  expect(message).toContain('e.g. Content-Type: text/event-stream; charset=iso-8859-1');
  expect(message).not.toContain('reads no event stream');
});

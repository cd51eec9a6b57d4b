/**
 * QA283 (f2bb34aa's case for another protocol): a raip agent's Latin-1 reply that is an event stream
 * (`data: {…}`, labelled text/event-stream or not) was hinted 'e.g. Content-Type: text/event-stream;
 * charset=iso-8859-1', a type a raip agent, which reads one JSON reply, then read as 'reply is not
 * JSON: data: {…}'. It is hinted application/json and told that raip reads no event stream; an openai
 * agent, which reads one, keeps its stream's hint.
 */
import { expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import type { AgentAdapter } from '../../src/protocols/types.js';
import { contentTypeHeaders, invokeOnce, startFixedReply } from '../fixtures/fixed-reply-agent.js';

async function agentUrl(text: string, contentType: string | undefined): Promise<string> {
  const info = { name: 'a', version: '1', inputSchema: { type: 'object' } };
  return (await startFixedReply(Buffer.from(text, 'latin1'), contentTypeHeaders(contentType), info)).url;
}

async function messageOf(adapter: AgentAdapter, input: unknown): Promise<string | undefined> {
  const outcome = await invokeOnce(adapter, input);
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

/**
 * QA288: 9440197f hinted a chat agent's Latin-1 event stream application/json (JsonRequest.noStream,
 * set by the chat adapter) but tested raip only, so the chat half could be taken out with no test
 * failing. A chat agent answering `data: {"messages":[…]}` in Latin-1 is hinted application/json and
 * told a chat agent reads no stream; the hint, followed, reads the reply.
 */
import { expect, it } from 'vitest';
import { contentTypeHeaders, invokeChatAgent } from '../fixtures/fixed-reply-agent.js';

const invoke = (text: string, contentType: string | undefined) =>
  invokeChatAgent(Buffer.from(text, 'latin1'), contentTypeHeaders(contentType));

const reply = '{"messages":[{"role":"assistant","content":"café"}]}';

it.each([['text/event-stream'], [undefined]])(
  'a chat agent is hinted application/json for a Latin-1 stream (Content-Type %s)',
  async (contentType) => {
    const outcome = await invoke(`data: ${reply}\n\n`, contentType);
    expect(outcome.ok ? outcome : outcome.error).toMatchObject({ kind: 'invalid_json' });
    if (outcome.ok) return;
    expect(outcome.error.message).toContain(
      'e.g. Content-Type: application/json; charset=iso-8859-1 (a chat agent reads no event stream: send one JSON reply)',
    );
  },
);

it('the hint, followed, reads the reply', async () => {
  const outcome = await invoke(reply, 'application/json; charset=iso-8859-1');
  expect(outcome.ok ? 'answered' : outcome.error).toBe('answered');
  expect(JSON.stringify(outcome.ok && outcome.trajectory.response)).toContain('café');
});

/**
 * QA288: 9440197f hinted a chat agent's Latin-1 event stream application/json (JsonRequest.noStream,
 * set by the chat adapter) but tested raip only, so the chat half could be taken out with no test
 * failing. A chat agent answering `data: {"messages":[…]}` in Latin-1 is hinted application/json and
 * told a chat agent reads no stream; the hint, followed, reads the reply.
 */
import { afterEach, expect, it } from 'vitest';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0)) await close();
});

async function invoke(text: string, contentType: string | undefined) {
  const server = await startLoopback((req, res) => {
    req.resume();
    res.writeHead(200, contentType === undefined ? {} : { 'content-type': contentType });
    res.end(Buffer.from(text, 'latin1'));
  });
  cleanups.push(() => server.close());
  const transport = new HttpTransport({ timeoutMs: 2_000, retries: 0 });
  const adapter = createChatAdapter({ protocol: 'chat', url: `${server.url}/agent/respond` }, { transport });
  cleanups.push(() => adapter.close());
  return adapter.invoke('hi', testContext(AbortSignal.timeout(5_000), { id: 'ex-1' }));
}

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

/**
 * QA288 (9440197f's case for the mae http transport): a mae agent over `transport: http` that answers
 * with a Latin-1 event stream (`data: {…}`, labelled text/event-stream or not) was hinted 'e.g.
 * Content-Type: text/event-stream; charset=iso-8859-1', a type it then read as 'reply is not JSON:
 * data: {…}' — the http transport reads one JSON reply (`transport: sse` reads a stream). It is
 * hinted application/json, as raip and chat are, and following the hint reads the reply.
 */
import { afterEach, expect, it } from 'vitest';
import { startLoopback } from '../fixtures/loopback.js';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

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
  const adapter = makeMaeAdapter({ transport: 'http', url: server.url }, { timeoutMs: 5_000 });
  cleanups.push(() => adapter.close());
  return adapter.invoke('task', maeContext());
}

const reply = '{"action":"final_answer","content":"café"}';

it.each([['text/event-stream'], [undefined]])(
  'a Latin-1 stream (Content-Type %s) is hinted application/json',
  async (contentType) => {
    const outcome = await invoke(`data: ${reply}\n\n`, contentType);
    expect(outcome.ok ? outcome : outcome.error).toMatchObject({ kind: 'invalid_json' });
    if (outcome.ok) return;
    expect(outcome.error.message).toContain(
      'reply is not UTF-8 (byte 0xe9 at offset 45; its Content-Type names no charset): send UTF-8, or name the charset the agent writes, e.g. Content-Type: application/json; charset=iso-8859-1 (a mae http agent reads no event stream: send one JSON reply)',
    );
  },
);

it('the hint, followed, reads the reply', async () => {
  expect(finalAnswer(await invoke(reply, 'application/json; charset=iso-8859-1'))).toBe('café');
});

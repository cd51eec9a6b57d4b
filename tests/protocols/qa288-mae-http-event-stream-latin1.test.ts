/**
 * QA288 (9440197f's case for the mae http transport): a mae agent over `transport: http` that answers
 * with a Latin-1 event stream (`data: {…}`, labelled text/event-stream or not) was hinted 'e.g.
 * Content-Type: text/event-stream; charset=iso-8859-1', a type it then read as 'reply is not JSON:
 * data: {…}' — the http transport reads one JSON reply (`transport: sse` reads a stream). It is
 * hinted application/json, as raip and chat are, and following the hint reads the reply.
 */
import { expect, it } from 'vitest';
import { contentTypeHeaders, invokeMaeAgent } from '../fixtures/fixed-reply-agent.js';
import { finalAnswer } from '../fixtures/mae-harness.js';

const invoke = (text: string, contentType: string | undefined) =>
  invokeMaeAgent(Buffer.from(text, 'latin1'), contentTypeHeaders(contentType));

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

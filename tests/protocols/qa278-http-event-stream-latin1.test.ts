/**
 * QA278: an `http` agent's reply labelled text/event-stream in Latin-1 was hinted 'Content-Type:
 * text/event-stream; charset=iso-8859-1', a type the http agent (which reads no stream) then reads as
 * 'reply is not JSON: data: café' — the case next to 3d89992a's text/plain 'data: …'. It is hinted
 * text/plain, which reads it; openai still hints a stream's own type.
 */
import { expect, it } from 'vitest';
import { invokeHttpAgent } from '../fixtures/fixed-reply-agent.js';

const reply = (text: string, contentType: string) =>
  invokeHttpAgent(Buffer.from(text, 'latin1'), { 'content-type': contentType });

it('a Latin-1 reply labelled text/event-stream is hinted text/plain, which the http agent reads', async () => {
  const text = 'data: café\n\n';
  const outcome = await reply(text, 'text/event-stream');
  expect(outcome).toMatchObject({ ok: false, error: { kind: 'invalid_json' } });
  if (outcome.ok) return;
  expect(outcome.error.message).toContain(
    'reply is not UTF-8 (byte 0xe9 at offset 9; its Content-Type names no charset): send UTF-8, or name the charset the agent writes, e.g. Content-Type: text/plain; charset=iso-8859-1 (an http agent reads no event stream: the text is its answer)',
  );
  // What the old hint offered is not read; what the new one offers is.
  const stream = await reply(text, 'text/event-stream; charset=iso-8859-1');
  expect(stream).toMatchObject({
    ok: false,
    error: { message: expect.stringContaining('reply is not JSON') },
  });
  expect(await reply(text, 'text/plain; charset=iso-8859-1')).toMatchObject({
    ok: true,
    trajectory: { response: text },
  });
});

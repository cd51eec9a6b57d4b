/**
 * QA283: an `http` agent's Latin-1 reply labelled text/event-stream whose last byte is the one that
 * is not UTF-8 ('data: café', ending in its é) read 'reply is not JSON: data: caf\uFFFD' with no word
 * of the charset: it was taken for a stream the close cut inside a character, where the same reply
 * ending in '\n\n' was hinted (f2bb34aa) and a text/plain one is never read as cut. The http agent
 * reads no stream: it is hinted text/plain, whichever byte it ends on, and the hint reads it.
 */
import { expect, it } from 'vitest';
import { invokeHttpAgent } from '../fixtures/fixed-reply-agent.js';

const reply = (text: string, contentType: string) =>
  invokeHttpAgent(Buffer.from(text, 'latin1'), { 'content-type': contentType });

const hint = (said: string) =>
  `reply is not UTF-8 (byte 0xe9 at offset 9; ${said}): send UTF-8, or name the charset the agent writes, e.g. Content-Type: text/plain; charset=iso-8859-1 (an http agent reads no event stream: the text is its answer)`;

it.each([
  ['text/event-stream', 'its Content-Type names no charset'],
  ['text/event-stream; charset=utf-8', 'its Content-Type says utf-8'],
])('a Latin-1 reply labelled %s ending in its é is hinted text/plain', async (contentType, said) => {
  const outcome = await reply('data: café', contentType);
  expect(outcome).toMatchObject({ ok: false, error: { kind: 'invalid_json' } });
  if (outcome.ok) return;
  expect(outcome.error.message).toContain(hint(said));
  expect(await reply('data: café', 'text/plain; charset=iso-8859-1')).toMatchObject({
    ok: true,
    trajectory: { response: 'data: café' },
  });
});

/**
 * QA296 (the case beside QA288's b01947db): an `http` agent's Latin-1 event stream whose event is
 * JSON (`data: {"answer":"café"}`, labelled text/event-stream) was hinted 'Content-Type: text/plain;
 * charset=iso-8859-1 (… the text is its answer)'; sent so, the reply is that whole text, and the
 * binding's `answer` read 'extraction_failed: no value for answer'. It is hinted application/json and
 * told to send one JSON reply, as a JSON body so labelled is; the hint, followed, reads the answer;
 * an event that is text (`data: café`) keeps the text/plain hint.
 */
import { expect, it } from 'vitest';
import { invokeHttpAgent } from '../fixtures/fixed-reply-agent.js';

const reply = (text: string, contentType: string) =>
  invokeHttpAgent(Buffer.from(text, 'latin1'), { 'content-type': contentType });

const messageOf = async (text: string, contentType: string) => {
  const outcome = await reply(text, contentType);
  return outcome.ok ? 'answered' : outcome.error.message;
};

it.each([['data: {"answer":"café"}\n\n'], ['event: message\r\ndata:{"answer":"café"}\r\n\r\n']])(
  'a Latin-1 stream whose event is JSON (%j) is hinted application/json',
  async (text) => {
    expect(await messageOf(text, 'text/event-stream')).toContain(
      'e.g. Content-Type: application/json; charset=iso-8859-1 (an http agent reads no event stream: send one JSON reply)',
    );
  },
);

it('the hint, followed, reads the answer', async () => {
  expect(await reply('{"answer":"café"}', 'application/json; charset=iso-8859-1')).toMatchObject({
    ok: true,
    trajectory: { response: { answer: 'café' } },
  });
});

it('an event that is text keeps the text/plain hint', async () => {
  expect(await messageOf('data: café {x}\n\n', 'text/event-stream')).toContain(
    'e.g. Content-Type: text/plain; charset=iso-8859-1 (an http agent reads no event stream: the text is its answer)',
  );
});

/**
 * QA288 (f2bb34aa/555f70f9's case for a JSON body): an `http` agent's Latin-1 JSON reply labelled
 * text/event-stream (`{"answer":"café"}`) was hinted 'Content-Type: text/plain; charset=iso-8859-1
 * (an http agent reads no event stream: the text is its answer)', but a text/plain reply that is JSON
 * is parsed as JSON, not kept as its text. It is hinted application/json and told to send one JSON
 * reply; the hint, followed, reads the answer; a text that is not JSON keeps the text/plain hint.
 */
import { expect, it } from 'vitest';
import { invokeHttpAgent } from '../fixtures/fixed-reply-agent.js';

const reply = (text: string, contentType: string) =>
  invokeHttpAgent(Buffer.from(text, 'latin1'), { 'content-type': contentType });

const messageOf = async (text: string, contentType: string) => {
  const outcome = await reply(text, contentType);
  return outcome.ok ? undefined : outcome.error.message;
};

it('a Latin-1 JSON body labelled text/event-stream is hinted application/json', async () => {
  const json = '{"answer":"café"}';
  expect(await messageOf(json, 'text/event-stream')).toContain(
    'reply is not UTF-8 (byte 0xe9 at offset 14; its Content-Type names no charset): send UTF-8, or name the charset the agent writes, e.g. Content-Type: application/json; charset=iso-8859-1 (an http agent reads no event stream: send one JSON reply)',
  );
  expect(await reply(json, 'application/json; charset=iso-8859-1')).toMatchObject({
    ok: true,
    trajectory: { response: { answer: 'café' } },
  });
});

it('a text that is not JSON keeps the text/plain hint', async () => {
  expect(await messageOf('data: café\n\n', 'text/event-stream')).toContain(
    'e.g. Content-Type: text/plain; charset=iso-8859-1 (an http agent reads no event stream: the text is its answer)',
  );
});

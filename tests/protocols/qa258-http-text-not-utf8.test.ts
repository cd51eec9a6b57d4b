/**
 * QA258: an `http` agent's text/plain reply (the document as a string) in Latin-1, no charset named,
 * was kept with U+FFFD for its é without a word ('Paris café.'), and since 960f7cdb one whose text
 * begins 'id', 'data' or 'event' ('identity café.') was invalid_json hinted 'Content-Type:
 * text/event-stream', as if it were a stream. Both are invalid_json naming the byte, hinted with
 * text/plain (NDJSON lines too, with their type); a named charset is read in it, UTF-8 as before,
 * and a stream's `data:` lines are still told text/event-stream. To a caller that reads no text
 * (openai, raip: HttpTransport without textReply) such a reply stays 'not JSON', as before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { askBytesReply } from '../fixtures/byte-reply.js';
import { invokeHttpAgent } from '../fixtures/fixed-reply-agent.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of cleanups.splice(0)) await close();
});

const textReply = (text: string, encoding: BufferEncoding, contentType: string) =>
  invokeHttpAgent(Buffer.from(text, encoding), { 'content-type': contentType });

describe('an http agent text reply not in UTF-8 (QA258)', () => {
  it.each(['Paris café.', 'identity café.', 'Paris café'])(
    '%s in Latin-1 is invalid_json hinted text/plain',
    async (text) => {
      const outcome = await textReply(text, 'latin1', 'text/plain');
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.kind).toBe('invalid_json');
      expect(outcome.error.message).toContain(
        `reply is not UTF-8 (byte 0xe9 at offset ${text.indexOf('é')}; its Content-Type names no charset)`,
      );
      expect(outcome.error.message).toContain('e.g. Content-Type: text/plain; charset=iso-8859-1');
    },
  );

  it('NDJSON lines in Latin-1 are hinted with their type', async () => {
    const outcome = await textReply('{"a": "café"}\n{"a": "b"}\n', 'latin1', 'application/x-ndjson');
    expect(outcome).toMatchObject({
      ok: false,
      error: {
        kind: 'invalid_json',
        message: expect.stringContaining('Content-Type: application/x-ndjson; charset='),
      },
    });
  });

  it('reads a named charset and UTF-8 as before', async () => {
    const named = await textReply('identity café.', 'latin1', 'text/plain; charset=iso-8859-1');
    expect(named).toMatchObject({ ok: true, trajectory: { response: 'identity café.' } });
    const utf8 = await textReply('identity café.', 'utf8', 'text/plain');
    expect(utf8).toMatchObject({ ok: true, trajectory: { response: 'identity café.' } });
  });

  // QA272: an http agent reads no event stream; its text/plain 'data: …' in Latin-1 was hinted
  // text/event-stream, and a reply so labelled is 'reply is not JSON' to it. The named text/plain
  // charset the hint offers reads the text.
  it.each(['data: aucune donnée\n\n', 'id: 7\r\ncafé\r\n', 'retry: 3\ncafé\n'])(
    '%j in Latin-1 under text/plain is hinted text/plain, which reads it',
    async (text) => {
      const outcome = await textReply(text, 'latin1', 'text/plain');
      expect(outcome).toMatchObject({
        ok: false,
        error: {
          kind: 'invalid_json',
          message: expect.stringContaining('Content-Type: text/plain; charset='),
        },
      });
      const named = await textReply(text, 'latin1', 'text/plain; charset=iso-8859-1');
      expect(named).toMatchObject({ ok: true, trajectory: { response: text } });
    },
  );

  it('stays not JSON to a caller that reads no text', async () => {
    const { outcome } = await askBytesReply(
      Buffer.from('Paris café.', 'latin1'),
      { 'content-type': 'text/plain' },
      cleanups,
    );
    expect(outcome).toMatchObject({
      kind: 'invalid_json',
      message: expect.stringContaining('reply is not JSON'),
    });
  });
});

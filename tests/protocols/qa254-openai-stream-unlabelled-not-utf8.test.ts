/**
 * QA254: an openai completion streamed in Latin-1 under a Content-Type other than
 * text/event-stream (text/plain, application/octet-stream, none), which evalc reads as a stream
 * by its `data:` lines, was merged with U+FFFD for its é, 'A caf\uFFFD', and kept as the answer
 * without a word: 2f16461 checked a stream so labelled only. It is invalid_json naming the byte, the
 * hint naming text/event-stream; such a stream in UTF-8 is read as it is. A real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Cleanups, streamOpenAiCafe } from '../fixtures/byte-reply.js';

const cleanups: Cleanups = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const streamed = (encoding: BufferEncoding, contentType?: string) =>
  streamOpenAiCafe(encoding, contentType, cleanups);

describe('openai: a stream not labelled text/event-stream, not in UTF-8 (QA254)', () => {
  it.each([['text/plain'], ['application/octet-stream'], [undefined]])(
    '%s: invalid_json naming the byte',
    async (contentType) => {
      const got = await streamed('latin1', contentType);
      expect(got.error).toMatchObject({
        kind: 'invalid_json',
        message: expect.stringMatching(
          /: reply is not UTF-8 \(byte 0xe9 at offset \d+; its Content-Type names no charset\): send UTF-8, or name the charset the agent writes, e\.g\. Content-Type: text\/event-stream; charset=iso-8859-1$/,
        ),
      });
    },
  );

  it('in UTF-8: read as it is', async () => {
    expect(await streamed('utf8', 'text/plain')).toEqual({ content: 'A café' });
  });
});

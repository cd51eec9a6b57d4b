/**
 * QA250: an openai agent's completion streamed (text/event-stream chunks) in Latin-1 was merged
 * with U+FFFD for its é, 'A caf\uFFFD', and kept as the answer without a word, where the same
 * completion as JSON is invalid_json naming the byte (QA237) and a mae sse stream is (QA244): an
 * event stream is UTF-8. A stream in UTF-8 is read as it is. A real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type Cleanups, streamOpenAiCafe } from '../fixtures/byte-reply.js';

const cleanups: Cleanups = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const streamed = (encoding: BufferEncoding) => streamOpenAiCafe(encoding, 'text/event-stream', cleanups);

describe('openai: a streamed reply not in UTF-8 (QA250)', () => {
  it('Latin-1: invalid_json naming the byte', async () => {
    const got = await streamed('latin1');
    expect(got.error).toMatchObject({
      kind: 'invalid_json',
      message: expect.stringMatching(
        /: reply is not UTF-8 \(byte 0xe9 at offset \d+; its Content-Type names no charset\): send UTF-8, or name the charset the agent writes, e\.g\. Content-Type: text\/event-stream; charset=iso-8859-1$/,
      ),
    });
  });
  it('UTF-8: read as it is', async () => {
    expect(await streamed('utf8')).toEqual({ content: 'A café' });
  });
});

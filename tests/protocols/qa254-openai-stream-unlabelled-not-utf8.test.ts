/**
 * QA254: an openai completion streamed in Latin-1 under a Content-Type other than
 * text/event-stream (text/plain, application/octet-stream, none), which evalc reads as a stream
 * by its `data:` lines, was merged with U+FFFD for its é, 'A caf\uFFFD', and kept as the answer
 * without a word: 2f16461 checked a stream so labelled only. It is invalid_json naming the byte, the
 * hint naming text/event-stream; such a stream in UTF-8 is read as it is. A real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createHttpAgentAdapter } from '../../src/protocols/http-adapters.js';
import type { StepError } from '../../src/protocols/types.js';
import { startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const chunk = (content: string, finish: string | null) => ({
  id: 'c-1',
  object: 'chat.completion.chunk',
  created: 1700000000,
  model: 'm',
  choices: [{ index: 0, delta: { role: 'assistant', content }, finish_reason: finish }],
});

async function streamed(
  encoding: BufferEncoding,
  contentType?: string,
): Promise<{ error?: StepError; content?: unknown }> {
  const server = await startLoopback((_req, res) => {
    res.writeHead(200, contentType === undefined ? {} : { 'content-type': contentType });
    res.write(Buffer.from(`data: ${JSON.stringify(chunk('A café', null))}\n\n`, encoding));
    res.write(`data: ${JSON.stringify(chunk('', 'stop'))}\n\n`);
    res.end('data: [DONE]\n\n');
  });
  cleanups.push(() => server.close());
  const adapter = createHttpAgentAdapter(
    { protocol: 'openai', url: `${server.url}/v1`, model: 'm' },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  cleanups.push(() => adapter.close());
  const input = { messages: [{ role: 'user', content: 'hi' }], stream: true };
  const outcome = await adapter.invoke(input, testContext(AbortSignal.timeout(5_000)));
  return outcome.ok
    ? { content: (outcome.trajectory.response as { content?: unknown }).content }
    : { error: outcome.error };
}

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

/**
 * QA9: a chat agent that answers with 200,000 messages in one reply (5 MiB, under the 16 MiB
 * limit). The transcript appended them with `push(...messages)`, which overflowed the call
 * stack: `evalc apply` died with "internal error: RangeError: Maximum call stack size exceeded".
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createHttpAgentAdapter } from '../../src/protocols/http-adapters.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const COUNT = 200_000;
let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
});

describe('chat: a very long reply', () => {
  it('appends 200,000 returned messages without overflowing the stack', async () => {
    const body = `{"messages":[${'{"role":"assistant","content":"x"},'.repeat(COUNT - 1)}{"role":"assistant","content":"last"}]}`;
    server = await startLoopback((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
    const adapter = createHttpAgentAdapter(
      { protocol: 'chat', url: `${server.url}/agent/respond` },
      { transport: new HttpTransport({ retries: 0 }) },
    );
    const outcome = await adapter.invoke('hi', testContext(AbortSignal.timeout(20_000)));
    await adapter.close();
    expect(outcome.ok).toBe(true);
    const messages = outcome.trajectory?.messages ?? [];
    expect(messages).toHaveLength(COUNT + 1);
    expect(messages.at(-1)).toEqual({ role: 'assistant', content: 'last' });
  });
});

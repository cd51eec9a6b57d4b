/**
 * QA323: a connection that never opens (a TCP server that takes the connection and never answers
 * the TLS handshake of an https url) read 'no reply within 1500 ms' from an `http` agent and a
 * mae `sse` one whose limits.timeout is under undici's 10 s connect timeout, where a remote
 * dataset said 'the connection did not open in time (…) (UND_ERR_CONNECT_TIMEOUT)'. Now each says
 * 'the connection did not open within N ms (nothing answered the connect or the TLS handshake)
 * (UND_ERR_CONNECT_TIMEOUT)', still a `timeout`; a connection that opened and got no reply (plain
 * http to the same server) still reads 'no reply within N ms'. The sse turn sent nothing, so
 * limits.retries sends it again (BEFORE_STREAM), and the sse turn ends at limits.timeout: it
 * waited out undici's 10 s connect timeout after its abort (the exit: qa323-sse-connect-exit). Real loopback sockets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { MaeSseTransport } from '../../src/protocols/mae/sse-transport.js';
import { BEFORE_STREAM } from '../../src/protocols/mae/turn-retry.js';
import { type SilentTcp, startSilentTcp } from '../fixtures/silent-tcp.js';

let silent: SilentTcp;
let port = 0;
beforeAll(async () => {
  silent = await startSilentTcp();
  port = silent.port;
});
afterAll(() => silent.close());

const NEVER_OPENED =
  'the connection did not open within 1500 ms (nothing answered the connect or the TLS handshake) (UND_ERR_CONNECT_TIMEOUT)';

describe('a connection that never opens', () => {
  it('http: says the connection did not open, as a dataset does; an open one with no reply as before', async () => {
    const transport = new HttpTransport({ retries: 0, timeoutMs: 1500 });
    try {
      const tls = await transport.requestJson({
        method: 'POST',
        url: `https://127.0.0.1:${port}/invoke`,
        body: {},
      });
      expect(tls.ok ? 'replied' : tls.error).toEqual({
        kind: 'timeout',
        message: `POST https://127.0.0.1:${port}/invoke: ${NEVER_OPENED}`,
        retryable: true,
      });
      const plain = await transport.requestJson({
        method: 'POST',
        url: `http://127.0.0.1:${port}/invoke`,
        body: {},
      });
      expect(plain.ok ? 'replied' : plain.error.message).toBe(
        `POST http://127.0.0.1:${port}/invoke: no reply within 1500 ms`,
      );
    } finally {
      await transport.close();
    }
  }, 20_000);

  it('mae sse: the same words, a timeout, and the turn may be sent again (nothing was sent)', async () => {
    const transport = new MaeSseTransport({
      url: `https://127.0.0.1:${port}/execute_task`,
      timeoutMs: 1500,
      headers: {},
    });
    try {
      const started = Date.now();
      const reply = await transport.send(
        { task: 'x' },
        { signal: new AbortController().signal, log: () => undefined },
      );
      if (reply.ok) throw new Error('replied');
      // limits.timeout ends the turn: it waited out undici's 10 s connect timeout
      expect(Date.now() - started).toBeLessThan(9_000);
      expect(reply.error.kind).toBe('timeout');
      expect(reply.error.message).toMatch(new RegExp(`: ${NEVER_OPENED.replace(/[()]/g, '\\$&')}$`));
      expect(BEFORE_STREAM(reply.error)).toBe(true);
    } finally {
      await transport.close();
    }
    const plain = new MaeSseTransport({
      url: `http://127.0.0.1:${port}/execute_task`,
      timeoutMs: 1500,
      headers: {},
    });
    try {
      const reply = await plain.send(
        { task: 'x' },
        { signal: new AbortController().signal, log: () => undefined },
      );
      if (reply.ok) throw new Error('replied');
      expect(reply.error.message).toMatch(/: no reply within 1500 ms$/);
      // it may have reached the agent: never sent again
      expect(BEFORE_STREAM(reply.error)).toBe(false);
    } finally {
      await plain.close();
    }
  }, 20_000);
});

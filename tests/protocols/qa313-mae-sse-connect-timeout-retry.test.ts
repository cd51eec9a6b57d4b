/**
 * QA313 (beside QA307's bd4d1e9b): a mae `sse` turn whose connection never opened (a host taking
 * the TCP connection but never answering the TLS handshake: undici gives up after 10 s,
 * `UND_ERR_CONNECT_TIMEOUT`) sent nothing, as a refused one did, yet under `limits.retries` it was
 * not sent again (turn-retry.ts read only the codes of a connection that reached no server), where
 * `http` retries it as a timeout. The message is the one the real failure gives (describeFailure
 * of undici's error, as sse-transport.ts builds it).
 */
import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/protocols/http/failure-words.js';
import { BEFORE_STREAM } from '../../src/protocols/mae/turn-retry.js';

describe('a mae sse connection that never opened (QA313)', () => {
  it('is sent again under limits.retries: nothing was sent', () => {
    const code = 'UND_ERR_CONNECT_TIMEOUT';
    const cause = Object.assign(
      new Error('Connect Timeout Error (attempted address: 127.0.0.1:443, timeout: 10000ms)'),
      {
        code,
      },
    );
    const message = `POST https://127.0.0.1:443/stream: ${describeFailure(cause, code, '127.0.0.1')}`;
    expect(message).toBe(
      'POST https://127.0.0.1:443/stream: the connection did not open within 10000 ms (nothing answered the connect or the TLS handshake) (UND_ERR_CONNECT_TIMEOUT)',
    );
    expect(BEFORE_STREAM({ kind: 'transport_error', message, retryable: true })).toBe(true);
    // a reset, which the request may have reached, still is not
    const reset = `POST https://127.0.0.1:443/stream: ${describeFailure(Object.assign(new Error('x'), { code: 'ECONNRESET' }), 'ECONNRESET')}`;
    expect(BEFORE_STREAM({ kind: 'transport_error', message: reset, retryable: true })).toBe(false);
  });
});

/**
 * QA204: an OpenAI-compatible server that fails mid-stream sends its error as an event after the
 * status 200 (`data: {"error": {"type": "server_error", "code": null, …}}`): the failure of the
 * server is a transient `http_500`, not cached, so the next apply asks again — it was a definitive
 * `contract_violation` ("chat completion has no choices[0].message"), cached like an answer. A
 * rate limit named by its code is `http_429`; an error of the request stays a contract_violation.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { isDefinitiveFailure } from '../../src/executor/step-records.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createHttpAgentAdapter } from '../../src/protocols/http-adapters.js';
import type { StepError } from '../../src/protocols/types.js';
import { SERVER_ERROR, startStreamErrorServer } from '../fixtures/qa204-openai-stream-error.js';
import { testContext } from './conformance.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function streamedFailure(error?: Record<string, unknown>): Promise<StepError | undefined> {
  const server = await startStreamErrorServer(error);
  cleanups.push(() => server.close());
  const adapter = createHttpAgentAdapter(
    { protocol: 'openai', url: `${server.url}/v1`, model: 'gpt-4o' },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  cleanups.push(() => adapter.close());
  const input = { messages: [{ role: 'user', content: 'intro ML' }], stream: true };
  const outcome = await adapter.invoke(input, testContext(AbortSignal.timeout(5_000)));
  return outcome.ok ? undefined : outcome.error;
}

describe('openai: an error event mid-stream', () => {
  it("is the server's transient http_500 when typed server_error, never cached", async () => {
    const error = await streamedFailure();
    expect(error).toMatchObject({ kind: 'http_500', retryable: true });
    expect(error?.message).toContain(SERVER_ERROR.message);
    expect(isDefinitiveFailure(error!)).toBe(false);
  });

  it('is http_429 when its code is rate_limit_exceeded', async () => {
    const error = await streamedFailure({
      message: 'Rate limit reached',
      type: 'requests',
      code: 'rate_limit_exceeded',
    });
    expect(error).toMatchObject({ kind: 'http_429', retryable: true });
    expect(isDefinitiveFailure(error!)).toBe(false);
  });

  it('stays a cached contract_violation when it refuses the request', async () => {
    const error = await streamedFailure({
      message: "Invalid 'messages'",
      type: 'invalid_request_error',
      code: null,
    });
    expect(error).toMatchObject({ kind: 'contract_violation' });
    expect(isDefinitiveFailure(error!)).toBe(true);
  });
});

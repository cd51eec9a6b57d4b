/**
 * QA347: a RAIP 200 carrying both `output` and `error` (`{"output": {…}, "error": {"code": 503,
 * "message": "partial: upstream timed out"}}`) had its output scored and its error dropped from the
 * stored response without a word. The output is still the answer (R6); the error is kept in the
 * response beside it and the trajectory records a `compat_warning` `error_beside_output` event.
 * Real loopback agent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { sendJson, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function invokeWith(body: Record<string, unknown>) {
  const server = await startLoopback((_req, res) => sendJson(res, 200, body));
  const adapter = createRaipAdapter(
    { protocol: 'raip', url: server.url },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  cleanups.push(
    () => adapter.close(),
    () => server.close(),
  );
  return adapter.invoke({ query: 'q' }, testContext(AbortSignal.timeout(5_000)));
}

describe('a RAIP 200 with an error beside its output', () => {
  it('keeps the error in the response and records it as a compat_warning event', async () => {
    const error = { code: 503, message: 'partial: upstream timed out' };
    const outcome = await invokeWith({ output: { answer: 'A' }, usage: {}, error });
    expect(outcome.ok).toBe(true);
    expect(outcome.trajectory?.response).toEqual({ output: { answer: 'A' }, usage: {}, error });
    expect(outcome.trajectory?.events).toContainEqual({
      turn: 0,
      type: 'compat_warning',
      data: { warning: 'error_beside_output', said: 'partial: upstream timed out' },
    });
  });

  it('an empty error (null, "", false) is none: the response and events as before', async () => {
    for (const error of [null, '', false]) {
      const outcome = await invokeWith({ output: { answer: 'A' }, error });
      expect(outcome.trajectory?.response).toEqual({ output: { answer: 'A' }, usage: null });
      expect(outcome.trajectory?.events).toEqual([]);
    }
  });
});

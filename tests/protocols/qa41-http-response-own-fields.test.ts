/**
 * QA41: an `http` agent's `response:` path read keys every JavaScript object inherits —
 * `data.constructor` of a reply without that key was Object's function, so the example extracted a
 * value and was scored as if the agent had answered, where the same path in a binding is null
 * (`extraction_failed`). README said the guard was missing here. Real loopback server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpAdapter } from '../../src/protocols/generic-http/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { sendJson, startLoopback } from '../fixtures/loopback.js';
import { testContext } from './conformance.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function narrowed(response: string): Promise<{ ok: boolean; kind?: string; document?: unknown }> {
  const server = await startLoopback((_req, res) =>
    sendJson(res, 200, { data: { answer: 'A', nested: { toString: 'own key' } } }),
  );
  const adapter = createHttpAdapter(
    { protocol: 'http', method: 'POST', url: `${server.url}/answer`, response },
    { transport: new HttpTransport({ retries: 0 }) },
  );
  cleanups.push(
    () => server.close(),
    () => adapter.close(),
  );
  const outcome = await adapter.invoke({ q: 'hi' }, testContext(new AbortController().signal));
  return outcome.ok
    ? { ok: true, document: outcome.trajectory.response }
    : { ok: false, kind: outcome.error.kind };
}

describe('http agent response: path reads own keys only (QA41)', () => {
  it.each(['data.constructor', 'data.toString', 'data.__proto__', 'data.hasOwnProperty'])(
    '%s of a reply without that key is null',
    async (path) => {
      expect(await narrowed(path)).toEqual({ ok: true, document: null });
    },
  );

  it('still reads a key of that name the reply has, and plain paths as before', async () => {
    expect(await narrowed('data.nested.toString')).toEqual({ ok: true, document: 'own key' });
    const whole = await narrowed('{a: data.answer, n: data.nested, c: data.constructor}');
    expect(whole).toEqual({ ok: true, document: { a: 'A', n: { toString: 'own key' }, c: null } });
    expect(Object.getPrototypeOf(whole.document)).toBe(Object.prototype);
    expect(await narrowed('data.answer')).toEqual({ ok: true, document: 'A' });
  });
});

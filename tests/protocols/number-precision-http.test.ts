/**
 * An integer beyond 2^53 in an HTTP agent's reply (Python's `json.dumps` writes every digit of an
 * `int`) is read as the nearest double: `12345678901234567891` becomes `12345678901234567000`.
 * The run goes on with that value, but the trajectory now says so (a `compat_warning` event
 * `number_precision` with the literal as sent), as the mae transports already did (QA24 R2).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatAdapter } from '../../src/protocols/chat/adapter.js';
import { createHttpAdapter } from '../../src/protocols/generic-http/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { testContext } from './conformance.js';

let server: Server;
let base = '';
const BIG = '{"output":{"id":12345678901234567891,"safe":9007199254740991,"text":"12345678901234567891"}}';
const CHAT =
  '{"messages":[{"role":"assistant","content":"order 12345678901234567891 placed"}],"model":"m","provider":"p","usage":{},"metadata":{"order":12345678901234567891}}';
const SMALL = '{"output":{"id":9007199254740991,"text":"12345678901234567891"}}';
// Python's json.dumps of float('nan') and float('-inf'); the words inside a string are no number.
const NON_FINITE = '{"output":{"answer":NaN,"low":-Infinity,"text":"NaN Infinity"}}';

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(
        req.url?.startsWith('/small')
          ? SMALL
          : req.url?.startsWith('/nan')
            ? NON_FINITE
            : req.url?.startsWith('/agent/respond')
              ? CHAT
              : BIG,
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

const ctx = () => testContext(new AbortController().signal, { id: 'ex-1' });
const warning = {
  turn: 0,
  type: 'compat_warning',
  data: { warning: 'number_precision', literal: '12345678901234567891' },
};

describe('HTTP replies with integers beyond 2^53', () => {
  it('raip: keeps the rounded value and records the literal as sent', async () => {
    const transport = new HttpTransport({ retries: 0 });
    try {
      const adapter = createRaipAdapter({ protocol: 'raip', url: base }, { transport });
      const outcome = await adapter.invoke({ q: 'x' }, ctx());
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect((outcome.trajectory.response as { output: { id: number } }).output.id).toBe(
        12345678901234567000,
      );
      expect(outcome.trajectory.events).toEqual([warning]);
    } finally {
      await transport.close();
    }
  });

  it('http: the same; a safe integer or big digits inside a string say nothing', async () => {
    const transport = new HttpTransport({ retries: 0 });
    try {
      const big = createHttpAdapter({ protocol: 'http', url: `${base}/big`, method: 'POST' }, { transport });
      const outcome = await big.invoke({ q: 'x' }, ctx());
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect(outcome.trajectory.events).toEqual([warning]);
      const small = createHttpAdapter(
        { protocol: 'http', url: `${base}/small`, method: 'POST' },
        { transport },
      );
      const quiet = await small.invoke({ q: 'x' }, ctx());
      if (!quiet.ok) throw new Error(quiet.error.message);
      expect(quiet.trajectory.events).toEqual([]);
    } finally {
      await transport.close();
    }
  });

  it("reads Python's NaN and -Infinity as null and says so with a non_finite_number warning (QA34)", async () => {
    const transport = new HttpTransport({ retries: 0 });
    try {
      const adapter = createRaipAdapter({ protocol: 'raip', url: `${base}/nan` }, { transport });
      const outcome = await adapter.invoke({ q: 'x' }, ctx());
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect((outcome.trajectory.response as { output: unknown }).output).toEqual({
        answer: null,
        low: null,
        text: 'NaN Infinity',
      });
      expect(outcome.trajectory.events).toEqual([
        { turn: 0, type: 'compat_warning', data: { warning: 'non_finite_number', literal: 'NaN' } },
      ]);
    } finally {
      await transport.close();
    }
  });

  it('chat: records it at the turn whose reply held it', async () => {
    const transport = new HttpTransport({ retries: 0 });
    const adapter = createChatAdapter({ protocol: 'chat', url: `${base}/agent/respond` }, { transport });
    try {
      const outcome = await adapter.invoke('hi', ctx());
      if (!outcome.ok) throw new Error(outcome.error.message);
      expect(outcome.trajectory.events.filter((e) => e.type === 'compat_warning')).toEqual([warning]);
    } finally {
      await adapter.close();
      await transport.close();
    }
  });
});

/**
 * Regression (QA338): an `agentv` (one connection per turn) socket agent's long reply, written in
 * many small pieces, was read in time quadratic in its length: each piece was appended to the text
 * read so far and the whole text searched for the newline again. A 16 MiB reply cut at evalc's
 * limit took 8 s and 440 MB against 1 s for the seed profile's persistent connection, so under load
 * it failed `timeout` instead of `response_too_large`; a 6 MiB answer written in 4 KiB pieces
 * (a Node agent's many `write`s) took seconds. Only the new piece is searched now.
 * Real TCP server on 127.0.0.1:0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalAnswer, maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';
import { type MaeLineServer, startMaeLineServer } from '../fixtures/mae-line-server.js';

const ANSWER = 'x'.repeat(6 * 1024 * 1024);
let server: MaeLineServer;
/** Answers a 4 KiB reply, newline included, in one write. */
let oneWrite: MaeLineServer;
/** Writes the first bytes of a reply and nothing more. */
let stalls: MaeLineServer;

beforeAll(async () => {
  server = await startMaeLineServer((_request, socket) => {
    const reply = `${JSON.stringify({ action: 'final_answer', summary: ANSWER })}\n`;
    // 4 KiB pieces, each written on its own turn of the event loop: the reader sees ~1,500 chunks
    const write = (at: number): void => {
      if (socket.destroyed) return;
      if (at >= reply.length) return void socket.end();
      socket.write(reply.slice(at, at + 4096));
      setImmediate(() => write(at + 4096));
    };
    write(0);
  });
  oneWrite = await startMaeLineServer((_request, socket) => {
    socket.end(`${JSON.stringify({ action: 'final_answer', summary: 'y'.repeat(4096) })}\n`);
  });
  stalls = await startMaeLineServer((_request, socket) => {
    socket.write('{"action": "fin');
  });
});
afterAll(async () => {
  await server.close();
  await oneWrite.close();
  await stalls.close();
});

describe('mae agentv socket agent: long, oversized and unfinished replies', () => {
  it('reads a 6 MiB reply well within its timeout', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'socket', address: server.address, profile: 'agentv' },
      { timeoutMs: 20_000 },
    );
    try {
      const started = Date.now();
      const outcome = await adapter.invoke('t1', maeContext());
      const took = Date.now() - started;
      expect(outcome.ok ? finalAnswer(outcome)?.length : outcome.error).toBe(ANSWER.length);
      // linear reading takes well under a second; the quadratic one took 5+ s here
      expect(took).toBeLessThan(4_000);
    } finally {
      await adapter.close();
    }
  }, 30_000);

  it('holds a reply read whole in one piece to limits.maxResponseBytes', async () => {
    // the limit was checked only while no newline had come: a 4 KiB reply in one piece passed 1 KiB
    const adapter = makeMaeAdapter(
      {
        transport: 'socket',
        address: oneWrite.address,
        profile: 'agentv',
        limits: { maxResponseBytes: 1024 },
      },
      { timeoutMs: 10_000 },
    );
    try {
      const outcome = await adapter.invoke('t1', maeContext());
      expect(outcome.ok ? 'answered' : outcome.error.kind).toBe('response_too_large');
    } finally {
      await adapter.close();
    }
  }, 20_000);

  it('says what came of a reply begun and not finished when the turn times out', async () => {
    // it read a bare 'no reply within 1500 ms', where the seed profile's connection quotes it
    const adapter = makeMaeAdapter(
      { transport: 'socket', address: stalls.address, profile: 'agentv' },
      { timeoutMs: 1_500 },
    );
    try {
      const outcome = await adapter.invoke('t1', maeContext());
      const said = outcome.ok ? 'answered' : `${outcome.error.kind}: ${outcome.error.message}`;
      expect(said).toMatch(/^timeout: socket agent tcp:127\.0\.0\.1:\d+: no reply within 1500 ms/);
      expect(said).toContain(
        'the agent began a reply and did not finish it: it wrote "{\\"action\\": \\"fin…"',
      );
    } finally {
      await adapter.close();
    }
  }, 20_000);
});

/**
 * QA149: a seed socket agent that serves every connection side by side and flushes each reply,
 * but is slow on one request, read hints meant for other agents when that request timed out:
 * on a fresh connection of a pool whose other connections had answered, "an agent that serves
 * one connection at a time … set limits.concurrency: 1" (QA144's hint: with two other open
 * connections answering, it is not one); on a connection that had answered before, the hint to
 * flush `sock.makefile('w')` (it had flushed). Both now name a request slower than limits.timeout.
 * The one-connection agent of QA144 still reads its hint (qa144-mae-socket-one-connection).
 * A real loopback TCP agent serves each connection on its own.
 */

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMaeAdapter } from '../../src/protocols/mae/adapter.js';
import type { InvokeContext, InvokeOutcome } from '../../src/protocols/types.js';

let server: Server;
let port = 0;
const held: Socket[] = [];

/** Every connection served at once; a task with "slow" in it is answered after 1.5 s. */
beforeAll(async () => {
  server = createServer((socket) => {
    held.push(socket);
    socket.on('error', () => {});
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
        const request = JSON.parse(buffer.slice(0, i)) as { task_description: string };
        buffer = buffer.slice(i + 1);
        const reply = `${JSON.stringify({ action: 'final_answer', summary: `ok ${request.task_description}` })}\n`;
        const delay = request.task_description.includes('slow') ? 1500 : 10;
        setTimeout(() => {
          if (!socket.destroyed) socket.write(reply);
        }, delay);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function context(id: string): InvokeContext {
  return {
    runId: 'run-1',
    taskId: 'task-1',
    datasetId: 'd1',
    example: { id },
    repeat: 0,
    trace: false,
    signal: new AbortController().signal,
    log: () => {},
  };
}

function errorOf(outcome: InvokeOutcome): { kind: string; message: string } | undefined {
  return outcome.ok ? undefined : outcome.error;
}

function adapterOf(concurrency: number) {
  return createMaeAdapter(
    {
      protocol: 'mae',
      transport: 'socket',
      profile: 'seed',
      address: `127.0.0.1:${port}`,
      limits: { concurrency, timeout: '600ms' },
    },
    { cwd: process.cwd() },
  );
}

describe('seed socket agent serving connections side by side, one request slow', () => {
  it('a slow first request beside two answering connections names a slow request', async () => {
    const adapter = adapterOf(3);
    try {
      const [a, b, slow] = await Promise.all([
        adapter.invoke('fast a', context('e1')),
        adapter.invoke('fast b', context('e2')),
        adapter.invoke('slow c', context('e3')),
      ]);
      expect(a.ok && b.ok).toBe(true);
      const error = errorOf(slow);
      expect(error?.kind).toBe('timeout');
      expect(error?.message).toContain('no reply within 600 ms');
      expect(error?.message).toContain('other open connections');
      expect(error?.message).toContain('took longer than limits.timeout');
      expect(error?.message).not.toContain('one connection at a time');
      expect(error?.message).not.toContain('makefile');
    } finally {
      await adapter.close();
    }
  });

  it('a slow request on a connection that answered before names a slow request, not the flush hint', async () => {
    const adapter = adapterOf(1);
    try {
      expect((await adapter.invoke('fast', context('e1'))).ok).toBe(true);
      const error = errorOf(await adapter.invoke('slow', context('e2')));
      expect(error?.kind).toBe('timeout');
      expect(error?.message).toContain('answered on this connection before');
      expect(error?.message).toContain('took longer than limits.timeout');
      expect(error?.message).not.toContain('makefile');
      // QA157: e2's timeout dropped that connection; e3, slow too, runs on a new one, which read
      // the flush-sock.makefile hint, though the agent had answered on the connection before it
      const next = errorOf(await adapter.invoke('slow again', context('e3')));
      expect(next?.kind).toBe('timeout');
      expect(next?.message).toContain("the agent has answered on an earlier connection of evalc's");
      expect(next?.message).toContain('took longer than limits.timeout');
      expect(next?.message).not.toContain('makefile');
      expect(next?.message).not.toContain('one connection at a time');
    } finally {
      await adapter.close();
    }
  });
});

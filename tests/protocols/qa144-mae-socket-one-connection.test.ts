/**
 * QA144: the seed's socket agent keeps "a persistent connection", and the simplest agent written
 * for it serves one connection at a time (accept, then read lines until the client closes). With
 * `limits.concurrency: N > 1` evalc opens up to N connections (one per conversation): the agent
 * answers on the first, the others wait in its accept queue, and every conversation on them timed
 * out with the hint to flush `sock.makefile('w')` — advice for an agent that answers nowhere,
 * wrong for one that flushes and answers on another connection. The timeout now says the agent
 * seems to serve one connection at a time and how to run it. A real loopback TCP agent that
 * serves its first connection only.
 */

import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMaeAdapter } from '../../src/protocols/mae/adapter.js';
import type { InvokeContext, InvokeOutcome } from '../../src/protocols/types.js';

let server: Server;
let port = 0;
const held: Socket[] = [];

beforeAll(async () => {
  let served = false;
  server = createServer((socket) => {
    held.push(socket);
    socket.on('error', () => {});
    if (served) return; // queued behind the first connection: never read
    served = true;
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk;
      for (let i = buffer.indexOf('\n'); i >= 0; i = buffer.indexOf('\n')) {
        const request = JSON.parse(buffer.slice(0, i)) as { task_description: string };
        buffer = buffer.slice(i + 1);
        const reply = `${JSON.stringify({ action: 'final_answer', summary: `ok ${request.task_description}` })}\n`;
        setTimeout(() => socket.write(reply), 100); // answered while the other connection waits
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

describe('seed socket agent serving one connection at a time, limits.concurrency: 2', () => {
  it('answers on one connection; the other conversation times out saying why', async () => {
    const adapter = createMaeAdapter(
      {
        protocol: 'mae',
        transport: 'socket',
        profile: 'seed',
        address: `127.0.0.1:${port}`,
        limits: { concurrency: 2, timeout: '600ms' },
      },
      { cwd: process.cwd() },
    );
    try {
      const first = await adapter.invoke('one', context('e1'));
      expect(first.ok).toBe(true);
      // Two at once: one lease reuses the answering connection, the other opens a second one.
      const [a, b] = await Promise.all([
        adapter.invoke('two', context('e2')),
        adapter.invoke('three', context('e3')),
      ]);
      const failed = [a, b].map(errorOf).filter((e) => e !== undefined);
      expect(failed).toHaveLength(1);
      expect(failed[0]?.kind).toBe('timeout');
      expect(failed[0]?.message).toContain('serves one connection at a time');
      expect(failed[0]?.message).toContain('limits.concurrency: 1');
      expect(failed[0]?.message).not.toContain('makefile');
    } finally {
      await adapter.close();
    }
  });

  it('keeps the flush hint when no connection of the agent ever answered', async () => {
    const silent = createServer((socket) => {
      held.push(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const adapter = createMaeAdapter(
      {
        protocol: 'mae',
        transport: 'socket',
        profile: 'seed',
        address: `127.0.0.1:${(silent.address() as AddressInfo).port}`,
        limits: { concurrency: 2, timeout: '300ms' },
      },
      { cwd: process.cwd() },
    );
    try {
      const error = errorOf(await adapter.invoke('one', context('e1')));
      expect(error?.kind).toBe('timeout');
      expect(error?.message).toContain('makefile');
      expect(error?.message).not.toContain('one connection at a time');
    } finally {
      await adapter.close();
      for (const socket of held) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

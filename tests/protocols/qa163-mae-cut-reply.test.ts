/**
 * Regression (QA163): a seed-profile `mae` agent whose reply was cut off by the end of its stream
 * — a socket agent that closed the connection in the middle of its reply line, a local agent that
 * crashed while writing it — failed `invalid_json` (definitive: cached, never asked again), where
 * the same cut over HTTP is a `transport_error` the next apply retries. Now the socket's is
 * `transport_error` (retryable) and the local process's `process_crashed`, the cut text quoted.
 * Real TCP server on 127.0.0.1:0 and a real subprocess.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maeContext, makeMaeAdapter } from '../fixtures/mae-harness.js';

const CUT = '{"action": "final_answer", "summ';
let server: Server;
let address = '';
const sockets = new Set<Socket>();
let dir = '';

beforeAll(async () => {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.once('data', () => {
      socket.write(CUT);
      setTimeout(() => socket.destroy(), 20);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  address = `127.0.0.1:${(server.address() as { port: number }).port}`;
  dir = mkdtempSync(join(tmpdir(), 'qa163-'));
  writeFileSync(
    join(dir, 'cut.mjs'),
    `process.stdin.once('data', () => process.stdout.write(${JSON.stringify(CUT)}, () => process.exit(3)));\n`,
  );
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('mae seed agent whose reply is cut off by the end of its stream', () => {
  it('socket: a connection closed in the middle of a reply is a retryable transport_error', async () => {
    const adapter = makeMaeAdapter({ transport: 'socket', address, profile: 'seed' }, { timeoutMs: 5_000 });
    try {
      const outcome = await adapter.invoke('t1', maeContext());
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.kind).toBe('transport_error');
      expect(outcome.error.retryable).toBe(true);
      expect(outcome.error.message).toContain('closed in the middle of a reply');
      expect(outcome.error.message).toContain('final_answer');
    } finally {
      await adapter.close();
    }
  });

  it('local: a process that exits while writing its reply is process_crashed, not invalid_json', async () => {
    const adapter = makeMaeAdapter(
      { transport: 'local', command: 'node cut.mjs', profile: 'seed' },
      { timeoutMs: 5_000, cwd: dir },
    );
    try {
      const outcome = await adapter.invoke('t1', maeContext());
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.kind).toBe('process_crashed');
      expect(outcome.error.message).toContain('closed in the middle of a reply');
    } finally {
      await adapter.close();
    }
  });
});

/**
 * QA307 (the case beside QA301's 265e7cc7): a remote dataset whose host takes the TCP connection
 * but never answers the TLS handshake (a proxy or firewall holding it) failed after the
 * connector's 10 s with the bare code, 'fetching https://… failed: UND_ERR_CONNECT_TIMEOUT',
 * where before 265e7cc7 undici's own sentence was quoted. Real loopback server.
 */
import { createServer, type Socket } from 'node:net';
import { expect, it } from 'vitest';
import { fetchDataset } from '../../src/compiler/dataset-fetch.js';

it('a connection that never opens says so in words (QA307)', async () => {
  const held: Socket[] = [];
  const silent = createServer((socket) => {
    socket.on('error', () => undefined);
    held.push(socket);
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const address = silent.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  try {
    const result = await fetchDataset(`https://127.0.0.1:${address.port}/d.jsonl`, { deadlineMs: 30_000 });
    expect(result.ok ? 'fetched' : result.message).toBe(
      'the connection did not open in time (nothing answered the connect or the TLS handshake) (UND_ERR_CONNECT_TIMEOUT)',
    );
  } finally {
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
}, 25_000);

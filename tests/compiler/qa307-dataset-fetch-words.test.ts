/**
 * QA307 (the case beside QA301's 265e7cc7): a remote dataset whose host takes the TCP connection
 * but never answers the TLS handshake (a proxy or firewall holding it) failed after the
 * connector's 10 s with the bare code, 'fetching https://… failed: UND_ERR_CONNECT_TIMEOUT',
 * where before 265e7cc7 undici's own sentence was quoted; a self-signed certificate read Node's
 * bare 'self-signed certificate', where an agent's reads 'the server's TLS certificate is
 * self-signed (…) (DEPTH_ZERO_SELF_SIGNED_CERT)'. Real loopback servers.
 */
import { expect, it } from 'vitest';
import { fetchDataset } from '../../src/compiler/dataset-fetch.js';
import { startTlsServer } from '../fixtures/qa9-tls-server.js';
import { startSilentTcp } from '../fixtures/silent-tcp.js';

it('a connection that never opens says so in words (QA307)', async () => {
  const silent = await startSilentTcp();
  try {
    const result = await fetchDataset(`https://127.0.0.1:${silent.port}/d.jsonl`, { deadlineMs: 30_000 });
    expect(result.ok ? 'fetched' : result.message).toBe(
      'the connection did not open within 10000 ms (nothing answered the connect or the TLS handshake) (UND_ERR_CONNECT_TIMEOUT)',
    );
  } finally {
    await silent.close();
  }
}, 25_000);

it("a self-signed certificate is said as an agent's, its hint kept (QA307)", async () => {
  const tls = await startTlsServer();
  try {
    const result = await fetchDataset(`${tls.url}/d.jsonl`);
    expect(result.ok ? { message: 'fetched' } : result).toEqual({
      ok: false,
      message: "the server's TLS certificate is self-signed (DEPTH_ZERO_SELF_SIGNED_CERT)",
      hint: 'to trust a private or self-signed certificate, export NODE_EXTRA_CA_CERTS=/path/to/ca.pem',
    });
  } finally {
    await tls.close();
  }
});

/**
 * QA313: a served agent whose `serve.ready.url` is https and whose certificate evalc does not
 * trust (self-signed; or plain http answering an https url) was never ready, and the wait ended
 * 'serve a1 not ready within 2000 ms' without a word of the certificate, where the agent's own
 * requests (and a remote dataset's download, 99d1d403) say 'the server's TLS certificate is
 * self-signed (…) (DEPTH_ZERO_SELF_SIGNED_CERT)'. The probe's TLS failure is now quoted. Real
 * loopback servers; the served command is a process that only waits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startServedProcess } from '../../src/executor/agent-process.js';
import { probeUrlSaying } from '../../src/executor/ready-url.js';
import { freePort, startLoopback } from '../fixtures/loopback.js';
import { startTlsServer } from '../fixtures/qa9-tls-server.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function notReadyMessage(readyUrl: string): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa313-'));
  dirs.push(dir);
  const started = await startServedProcess(
    {
      command: `exec node -e "setInterval(() => {}, 1000)"`,
      ready: { url: readyUrl, timeout: '2s' },
    },
    { cwd: dir, name: 'a1', logFile: path.join(dir, 'a1.log') },
  );
  if (started.ok) {
    await started.handle.stop();
    return 'ready';
  }
  return started.error.message;
}

describe('serve.ready.url whose TLS evalc refuses (QA313)', () => {
  it('a self-signed certificate: the wait says so, as an agent request does', async () => {
    const tls = await startTlsServer();
    try {
      const message = await notReadyMessage(`${tls.url}/info?token=s3cret`);
      expect(message).toBe(
        `serve a1 not ready within 2000 ms (its ready.url, GET ${tls.url}/info: the server's TLS certificate is self-signed (trust its CA with NODE_EXTRA_CA_CERTS=<PEM file> in the environment) (DEPTH_ZERO_SELF_SIGNED_CERT))`,
      );
    } finally {
      await tls.close();
    }
  }, 20_000);

  it('plain http answering an https url: said too; nothing listening stays as before', async () => {
    const plain = await startLoopback((_req, res) => {
      res.end('ok');
    });
    try {
      const https = plain.url.replace('http://', 'https://');
      const probe = await probeUrlSaying(`${https}/info`, 2_000);
      expect(probe.probe).toBe('not_ready');
      expect(probe.tlsFailure).toBe(
        'the server does not speak TLS on this port (http:// rather than https://?) (ERR_SSL_WRONG_VERSION_NUMBER)',
      );
    } finally {
      await plain.close();
    }
    const port = await freePort();
    expect(await probeUrlSaying(`https://127.0.0.1:${port}/info`, 2_000)).toEqual({ probe: 'not_ready' });
  }, 20_000);
});

/**
 * A first apply against an agent that is not listening refuses with a hint, before anything runs;
 * a request that was never sent (a header value HTTP cannot carry) gets no such hint (QA60).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyOneExamplePlan } from '../fixtures/discovery-apply.js';
import { freePort as closedPort } from '../fixtures/loopback.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('discovery failing with a transport error', () => {
  it('refuses with the transport error and says to start the agent or use serve:', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const outcome = await applyTo(url, {});
    expect(outcome.status).toBe('refused');
    if (outcome.status !== 'refused') return;
    expect(outcome.message).toContain('agent a: discovery failed (transport_error)');
    expect(outcome.message).toContain(`is the agent running at ${url}?`);
    expect(outcome.message).toContain('serve:');
  });

  it('says nothing of starting a running agent when its header could not be sent', async () => {
    const server = http.createServer((_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
      const outcome = await applyTo(url, { TOKEN: 'tok-1234\nX-Other: 1' });
      expect(outcome.status).toBe('refused');
      if (outcome.status !== 'refused') return;
      expect(outcome.message).toContain('header "authorization" cannot be sent: its value has a line break');
      expect(outcome.message).not.toContain('is the agent running');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

async function applyTo(url: string, env: NodeJS.ProcessEnv) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-discovery-'));
  dirs.push(dir);
  return applyOneExamplePlan(
    dir,
    ` { a: { protocol: raip, url: "${url}", headers: { authorization: "Bearer \${env.TOKEN}" }, limits: { retries: 0 } } }`,
    { TOKEN: 'tok-12345678', ...env },
  );
}

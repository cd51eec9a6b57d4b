/**
 * A first apply against an agent that is not listening refuses with a hint, before anything runs;
 * a request that was never sent (a header value HTTP cannot carry) gets no such hint (QA60).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyRun, createProgress } from '../../src/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A loopback port that was just free: nothing listens on it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

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
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b }
agents: { a: { protocol: raip, url: "${url}", headers: { authorization: "Bearer \${env.TOKEN}" }, limits: { retries: 0 } } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: x }, expected: { answer: x } } ] } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
`,
  );
  return applyRun({
    planFile: 'evalc.yaml',
    cwd: dir,
    env: { TOKEN: 'tok-12345678', ...env },
    signal: new AbortController().signal,
    progress: createProgress('quiet', () => {}),
  });
}

/**
 * QA237: a RAIP agent that accepted the connection for `GET /info` and reset it (or closed it
 * mid-reply) is running, yet its discovery failure read 'is the agent running at …? Start it, or
 * let evalc start it with `serve:`', the hint for a port nothing listens on. That hint is kept for
 * a request that reached no server (refused); a reset says what happened alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyOneExamplePlan } from '../fixtures/discovery-apply.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startServer(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

async function applyTo(url: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qa237-discovery-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return applyOneExamplePlan(dir, ` { a: { protocol: raip, url: "${url}", limits: { retries: 0 } } }`);
}

describe('a running agent whose /info connection was reset (QA237)', () => {
  it.each([
    ['reset before any reply', (req: http.IncomingMessage) => req.socket.resetAndDestroy()],
    [
      'closed in the middle of its reply',
      (_req: http.IncomingMessage, res: http.ServerResponse) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '200' });
        res.write('{"name": "a", "inputSch');
        setTimeout(() => res.socket?.destroy(), 20);
      },
    ],
  ])('%s: transport_error, no hint to start it', async (_what, handler) => {
    const url = await startServer(handler);
    const outcome = await applyTo(url);
    expect(outcome.status).toBe('refused');
    if (outcome.status !== 'refused') return;
    expect(outcome.message).toContain('agent a: discovery failed (transport_error)');
    expect(outcome.message).not.toContain('is the agent running');
  });
});

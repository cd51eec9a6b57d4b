/**
 * QA144: an agent-eval judge's `url` is the server's base (`http://127.0.0.1:5005`, DESIGN §2);
 * evalc appends `/v1/version`, `/v1/rubrics`, `/v1/judge`. A url written as the API root an
 * `openai` judge takes (`…/v1`) or as the seed's endpoint (`…/v1/judge`) asked
 * `/v1/v1/version`, which agent-eval's server answers with its plain-text 404, and every score
 * failed `endpoint_not_found` "is this an agent-eval server?" — it is. The error now names the url
 * to write, as a RAIP url written as an endpoint does (QA96). A real loopback server answering as
 * `agent-eval serve` (Hono) does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgeSomeAnswer } from '../fixtures/agent-eval-discovery.js';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/v1/version') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ package: '@tangle-network/agent-eval', version: '0.170.0', wireVersion: '1.1.0' }),
        );
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain; charset=UTF-8' });
      res.end('404 Not Found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function judgeErrorAt(url: string) {
  const verdict = await judgeSomeAnswer(url);
  return verdict.ok ? undefined : verdict.error;
}

describe('agent-eval judge url written with the API path', () => {
  it.each(['/v1', '/v1/', '/v1/judge', '/v1/version'])(
    '%s: the 404 names the base url to write',
    async (suffix) => {
      const error = await judgeErrorAt(`${base}${suffix}`);
      expect(error?.kind).toBe('endpoint_not_found');
      expect(error?.message).toContain(
        `write url: ${base} (evalc appends /v1/version, /v1/rubrics and /v1/judge)`,
      );
    },
  );

  it('a url that is a base keeps the plain message', async () => {
    const error = await judgeErrorAt(`${base}/judges`);
    expect(error?.kind).toBe('endpoint_not_found');
    expect(error?.message).toContain('is this an agent-eval server?');
    expect(error?.message).not.toContain('write url');
  });
});

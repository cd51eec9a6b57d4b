/**
 * A RAIP agent's `url` is its base URL; written as an endpoint (`…/invoke`, `…/info`) evalc asks
 * `…/invoke/info`, the agent answers 404, and discovery failed with `HTTP 404: not found` alone
 * (QA96). The error now says the url is the base URL and what to write. Against the loopback
 * RAIP fixture agent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter } from '../../src/protocols/raip/adapter.js';
import { type RaipAgent, startRaipAgent } from '../fixtures/raip-agent.js';

let agent: RaipAgent;
const transport = new HttpTransport({ timeoutMs: 5_000, retries: 0 });
beforeAll(async () => {
  agent = await startRaipAgent();
});
afterAll(async () => {
  await transport.close();
  await agent.close();
});

const discover = (url: string) =>
  createRaipAdapter({ protocol: 'raip', url }, { transport }).discover(new AbortController().signal);

describe('RAIP url written as an endpoint (QA96)', () => {
  it.each(['/invoke', '/info/', '/v1/invoke'])(
    'a url ending in %s says to write the base URL',
    async (path) => {
      const outcome = await discover(`${agent.url}${path}`);
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.error.kind).toBe('http_404');
      const base = `${agent.url}${path.startsWith('/v1') ? '/v1' : ''}`;
      expect(outcome.error.message).toContain(
        `(a RAIP agent's url is its base URL: evalc asks GET {url}/info and posts {url}/invoke, and this url ends in /${path.includes('info') ? 'info' : 'invoke'}: url: ${base}?)`,
      );
    },
  );

  it('a 404 at another url says nothing more, and the base URL itself works', async () => {
    const other = await discover(`${agent.url}/v2`);
    expect(other.ok).toBe(false);
    if (!other.ok) expect(other.error.message).not.toContain('base URL');
    expect((await discover(agent.url)).ok).toBe(true);
  });
});

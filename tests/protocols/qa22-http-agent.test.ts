import { afterEach, describe, expect, it } from 'vitest';
import type { HttpAgentConfig } from '../../src/plan/schema.js';
import { createHttpAdapter } from '../../src/protocols/generic-http/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import type { AgentAdapter } from '../../src/protocols/types.js';
import { type Qa22HttpAgent, startQa22HttpAgent } from '../fixtures/qa22-http-agent.js';
import { testContext } from './conformance.js';

let agent: Qa22HttpAgent | undefined;
const adapters: AgentAdapter[] = [];
afterEach(async () => {
  for (const adapter of adapters.splice(0)) await adapter.close();
  await agent?.close();
  agent = undefined;
});

async function adapterFor(
  path: string,
  config: Partial<Pick<HttpAgentConfig, 'headers' | 'response' | 'method'>> = {},
): Promise<{ adapter: AgentAdapter; server: Qa22HttpAgent }> {
  agent ??= await startQa22HttpAgent();
  const adapter = createHttpAdapter(
    { protocol: 'http', url: `${agent.url}${path}`, method: 'POST', ...config },
    {
      transport: new HttpTransport({
        timeoutMs: 2000,
        retries: 0,
        ...(config.headers ? { headers: config.headers } : {}),
      }),
    },
  );
  adapters.push(adapter);
  return { adapter, server: agent };
}

const ctx = () => testContext(new AbortController().signal);

describe('http agent replies that are not one JSON document (QA22)', () => {
  it('reads a text/plain reply that is not JSON as a string document', async () => {
    const { adapter } = await adapterFor('/text');
    const outcome = await adapter.invoke({ q: 'x' }, ctx());
    expect(outcome).toMatchObject({ ok: true, trajectory: { response: 'The answer is 42.\n' } });
  });

  it('still parses JSON served as text/plain', async () => {
    const { adapter } = await adapterFor('/text-json');
    const outcome = await adapter.invoke({ q: 'x' }, ctx());
    expect(outcome).toMatchObject({
      ok: true,
      trajectory: { response: { answer: 'json under text/plain' } },
    });
  });

  it('keeps an HTML page invalid_json (a proxy or a wrong url, not an answer)', async () => {
    const { adapter } = await adapterFor('/html');
    const outcome = await adapter.invoke({ q: 'x' }, ctx());
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'invalid_json' } });
  });

  it('reads NDJSON as the array of its lines, blank lines skipped, one line included', async () => {
    const { adapter } = await adapterFor('/ndjson', { response: '[-1].answer' });
    const many = await adapter.invoke({ q: 'x' }, ctx());
    expect(many).toMatchObject({ ok: true, trajectory: { response: 'done' } });
    const { adapter: one } = await adapterFor('/ndjson-one');
    expect(await one.invoke({ q: 'x' }, ctx())).toMatchObject({
      ok: true,
      trajectory: { response: [{ step: 1 }] },
    });
  });

  it('names the NDJSON line that is not JSON', async () => {
    const { adapter, server } = await adapterFor('/ndjson-bad');
    const outcome = await adapter.invoke({ q: 'x' }, ctx());
    expect(outcome.ok ? '' : outcome.error).toEqual({
      kind: 'invalid_json',
      message: `POST ${server.url}/ndjson-bad: NDJSON reply line 2 is not JSON: not json`,
      retryable: false,
    });
  });

  it('refuses 202 Accepted as an answer, naming where to poll without its query string', async () => {
    const { adapter, server } = await adapterFor('/accepted');
    const outcome = await adapter.invoke({ q: 'x' }, ctx());
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'contract_violation', retryable: false } });
    const message = outcome.ok ? '' : outcome.error.message;
    expect(message).toContain('HTTP 202 Accepted');
    expect(message).toContain(`(it says to look at ${server.url}/jobs/job-7)`);
    expect(message).not.toContain('token=abc');
    const { adapter: empty } = await adapterFor('/accepted-empty');
    expect(await empty.invoke({ q: 'x' }, ctx())).toMatchObject({
      ok: false,
      error: { kind: 'contract_violation' },
    });
  });
});

describe('http agent reply kept whole with run.trace (QA22)', () => {
  it('keeps the reply before response: narrowed it in raw, only when tracing', async () => {
    const { adapter } = await adapterFor('/ndjson', { response: '[-1].answer' });
    const traced = await adapter.invoke({ q: 'x' }, { ...ctx(), trace: true });
    expect(traced).toMatchObject({
      ok: true,
      trajectory: {
        response: 'done',
        raw: [
          { step: 1, tool: 'search' },
          { step: 2, answer: 'done' },
        ],
      },
    });
    const plain = await adapter.invoke({ q: 'x' }, ctx());
    expect(plain.ok && 'raw' in plain.trajectory).toBe(false);
  });
});

describe('http agent POST answered 303 See Other (QA22)', () => {
  it('reads the result at the Location with GET', async () => {
    const { adapter, server } = await adapterFor('/see-other');
    const outcome = await adapter.invoke({ q: 'x' }, ctx());
    expect(outcome).toMatchObject({ ok: true, trajectory: { response: { answer: 'result read with GET' } } });
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /see-other', 'GET /results/7']);
  });

  it('does not follow a 303 to another host (the headers carry secrets)', async () => {
    const { adapter, server } = await adapterFor('/see-elsewhere', {
      headers: { authorization: 'Bearer s3cret-token' },
    });
    const outcome = await adapter.invoke({ q: 'x' }, ctx());
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'http_303' } });
    expect(outcome.ok ? '' : outcome.error.message).toContain('another host');
    expect(server.requests).toHaveLength(1);
  });
});

describe('http agent plan mistakes refused before sending (QA22)', () => {
  it('refuses a {{placeholder}} in the url instead of sending the braces', async () => {
    const { adapter, server } = await adapterFor('/items/{{id}}');
    const outcome = await adapter.invoke({ id: 'a/b' }, ctx());
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'config_error', retryable: false } });
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a non-JSON content-type header without quoting it, uncached (retryable false, transport_error)', async () => {
    const { adapter, server } = await adapterFor('/echo', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const outcome = await adapter.invoke({ q: 'x' }, ctx());
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'transport_error', retryable: false } });
    expect(outcome.ok ? '' : outcome.error.message).not.toContain('urlencoded');
    expect(server.requests).toHaveLength(0);
  });

  it('leaves a GET (no body) with a non-JSON content-type header alone', async () => {
    const { adapter, server } = await adapterFor('/echo', {
      method: 'GET',
      headers: { 'content-type': 'text/plain' },
    });
    const outcome = await adapter.invoke({ q: 'x' }, ctx());
    expect(outcome.ok).toBe(true);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/echo?q=x', contentType: 'text/plain' });
  });

  it('sends a JSON content-type the plan names as written (was replaced by application/json)', async () => {
    const { adapter, server } = await adapterFor('/echo', {
      headers: { 'content-type': 'application/vnd.api+json' },
    });
    const outcome = await adapter.invoke({ q: 'x' }, ctx());
    expect(outcome.ok).toBe(true);
    expect(server.requests[0]).toMatchObject({ contentType: 'application/vnd.api+json', body: '{"q":"x"}' });
  });

  it('sends application/json when the plan names no content-type', async () => {
    const { adapter, server } = await adapterFor('/echo');
    await adapter.invoke('plain string', ctx());
    expect(server.requests[0]).toMatchObject({ contentType: 'application/json', body: '"plain string"' });
  });
});

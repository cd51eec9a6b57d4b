import { afterEach, describe, expect, it } from 'vitest';
import type { HttpAgentConfig } from '../../src/plan/schema.js';
import { createHttpAdapter } from '../../src/protocols/generic-http/adapter.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import type { AgentAdapter } from '../../src/protocols/types.js';
import { type HttpAgent, type HttpAgentBehaviour, startHttpAgent } from '../fixtures/http-agent.js';
import { describeAdapterConformance, testContext } from './conformance.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(
  config: Omit<HttpAgentConfig, 'protocol' | 'url'> & { path: string },
): Promise<{ agent: HttpAgent; adapter: AgentAdapter }> {
  const agent = await startHttpAgent('ok');
  const { path, ...rest } = config;
  const transport = new HttpTransport({ timeoutMs: 500, retries: 0 });
  const adapter = createHttpAdapter({ protocol: 'http', url: `${agent.url}${path}`, ...rest }, { transport });
  cleanups.push(
    () => agent.close(),
    () => adapter.close(),
  );
  return { agent, adapter };
}

const ctx = () => testContext(new AbortController().signal);

describe('http adapter', () => {
  it('POSTs the rendered input as the JSON body and returns the parsed reply', async () => {
    const { agent, adapter } = await setup({ method: 'POST', path: '/answer' });
    const outcome = await adapter.invoke({ question: 'intro ML?' }, ctx());
    expect(agent.requests[0]).toMatchObject({
      method: 'POST',
      url: '/answer',
      text: '{"question":"intro ML?"}',
    });
    expect(outcome).toMatchObject({
      ok: true,
      trajectory: {
        response: { data: { answer: 'Answer to intro ML?' } },
        usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 },
      },
    });
  });

  it('narrows the reply with the response JMESPath', async () => {
    const { adapter } = await setup({
      method: 'PUT',
      path: '/answer',
      response: 'data.{text: answer, n: length(sources)}',
    });
    const outcome = await adapter.invoke({ question: 'q' }, ctx());
    expect(outcome).toMatchObject({ ok: true, trajectory: { response: { text: 'Answer to q', n: 1 } } });
  });

  it('turns a GET input object into a sorted query string with repeated keys for arrays', async () => {
    const { agent, adapter } = await setup({ method: 'GET', path: '/search', response: 'results[0]' });
    const outcome = await adapter.invoke({ tag: ['ml', 'intro'], q: 'machine learning', skip: null }, ctx());
    expect(agent.requests[0]).toMatchObject({
      method: 'GET',
      url: '/search?q=machine+learning&tag=ml&tag=intro',
      text: '',
    });
    expect(outcome).toMatchObject({
      ok: true,
      trajectory: { response: { q: 'machine learning', tags: ['ml', 'intro'] } },
    });
  });

  it('reports an invalid response JMESPath as extraction_failed without a request', async () => {
    const { agent, adapter } = await setup({ method: 'POST', path: '/answer', response: 'data.[' });
    expect(await adapter.invoke({ question: 'q' }, ctx())).toMatchObject({
      ok: false,
      error: { kind: 'extraction_failed' },
    });
    expect(agent.requests).toHaveLength(0);
  });

  it('reports a JMESPath that fails on the reply as extraction_failed', async () => {
    const { adapter } = await setup({ method: 'POST', path: '/answer', response: 'abs(data.answer)' });
    expect(await adapter.invoke({ question: 'q' }, ctx())).toMatchObject({
      ok: false,
      error: { kind: 'extraction_failed' },
    });
  });

  it('passes a 422 through as http_422', async () => {
    const { agent, adapter } = await setup({ method: 'POST', path: '/answer' });
    expect(await adapter.invoke({ nope: 1 }, ctx())).toMatchObject({
      ok: false,
      error: { kind: 'http_422', retryable: false },
    });
    expect(agent.requests).toHaveLength(1);
  });
});

const SECRET = 'Token http-conformance-secret';
describeAdapterConformance('http', async (behaviour) => {
  const agent = await startHttpAgent(behaviour as HttpAgentBehaviour);
  const transport = new HttpTransport({
    timeoutMs: 300,
    retries: 1,
    random: () => 0,
    headers: { 'x-api-key': SECRET },
  });
  const adapter = createHttpAdapter(
    { protocol: 'http', url: `${agent.url}/answer`, method: 'POST' },
    { transport },
  );
  return {
    adapter,
    input: { question: 'hi' },
    ctx: (signal) => testContext(signal),
    secret: SECRET,
    secretReceived: () => agent.requests.some((r) => r.headers['x-api-key'] === SECRET),
    close: () => agent.close(),
  };
});

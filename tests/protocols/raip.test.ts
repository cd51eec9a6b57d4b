import { afterEach, describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex } from '../../src/protocols/canonical-json.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createRaipAdapter, type RaipAdapter } from '../../src/protocols/raip/adapter.js';
import { compareDiscovery } from '../../src/protocols/raip/compare-discovery.js';
import {
  COURSE_SCHEMA,
  type RaipAgent,
  type RaipAgentOptions,
  startRaipAgent,
} from '../fixtures/raip-agent.js';
import { testContext } from './conformance.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(
  options: RaipAgentOptions = {},
  retries = 2,
  // Long enough that a loaded machine never times a call out (a timeout is retried: R8 and R11
  // counted 2 and 3 calls where they expect 1 and 2); R11's timeout case sets its own.
  timeoutMs = 5_000,
): Promise<{ agent: RaipAgent; adapter: RaipAdapter }> {
  const agent = await startRaipAgent(options);
  const transport = new HttpTransport({ timeoutMs, retries, random: () => 0 });
  const adapter = createRaipAdapter({ protocol: 'raip', url: `${agent.url}/` }, { transport });
  cleanups.push(
    () => agent.close(),
    () => adapter.close(),
  );
  return { agent, adapter };
}

const signal = (): AbortSignal => new AbortController().signal;
// The digest of COURSE_SCHEMA, computed by hand-checkable means: sha256 of its RFC 8785 text.
const COURSE_CANONICAL =
  '{"$schema":"https://json-schema.org/draft/2020-12/schema","additionalProperties":false,' +
  '"properties":{"limit":{"minimum":1,"type":"integer"},"query":{"minLength":1,"type":"string"}},' +
  '"required":["query"],"type":"object"}';

describe('raip adapter', () => {
  it('R1: compiles the /info schema and reports digest, ETag, name and version', async () => {
    const { agent, adapter } = await setup({ etag: '"x"', reportDigest: 'correct' });
    const outcome = await adapter.discover(signal());
    expect(canonicalJson(COURSE_SCHEMA)).toBe(COURSE_CANONICAL);
    expect(outcome).toEqual({
      ok: true,
      discovery: {
        name: 'course-advisor',
        version: '1.2.0',
        etag: '"x"',
        inputSchema: COURSE_SCHEMA,
        schemaDigest: `sha256:${sha256Hex(COURSE_CANONICAL)}`,
      },
    });
    expect(agent.requests[0]).toMatchObject({ method: 'GET', path: '/info' });
  });

  it('R1: accepts an agent-reported digest in a header when it matches', async () => {
    const { adapter } = await setup({ reportDigest: 'header' });
    expect((await adapter.discover(signal())).ok).toBe(true);
  });

  it('R1: fails negotiation when the agent reports a digest that does not match its schema', async () => {
    const { adapter } = await setup({ reportDigest: 'wrong' });
    const outcome = await adapter.discover(signal());
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'contract_violation' } });
  });

  it('R2: sends If-None-Match with the pinned ETag and reuses the pinned schema on 304', async () => {
    const { agent, adapter } = await setup({ etag: '"x"' });
    const first = await adapter.discover(signal());
    if (!first.ok) throw new Error('discover failed');
    const second = await adapter.discover(signal(), {
      etag: '"x"',
      schemaDigest: first.discovery.schemaDigest!,
      inputSchema: first.discovery.inputSchema,
    });
    expect(agent.requests[1]?.headers['if-none-match']).toBe('"x"');
    expect(second).toMatchObject({
      ok: true,
      discovery: { notModified: true, etag: '"x"', schemaDigest: first.discovery.schemaDigest },
    });
    expect(adapter.validateInput({ query: 'x' })).toEqual({ ok: true });
  });

  it('R2: fetches unconditionally when no schema is available to reuse', async () => {
    const { agent, adapter } = await setup({ etag: '"x"' });
    const outcome = await adapter.discover(signal(), { etag: '"x"' });
    expect(agent.requests[0]?.headers['if-none-match']).toBeUndefined();
    expect(outcome).toMatchObject({
      ok: true,
      discovery: { inputSchema: COURSE_SCHEMA, name: 'course-advisor' },
    });
  });

  it('R2: a 304 keeps the name and version of the earlier negotiation', async () => {
    const { adapter } = await setup({ etag: '"x"' });
    const first = await adapter.discover(signal());
    if (!first.ok) throw new Error('discover failed');
    const again = await adapter.discover(signal(), { etag: '"x"' });
    expect(again).toMatchObject({
      ok: true,
      discovery: { notModified: true, name: 'course-advisor', version: '1.2.0' },
    });
  });

  it('R2: a stale pinned ETag gets the full /info reply', async () => {
    const { adapter } = await setup({ etag: '"v2"' });
    const outcome = await adapter.discover(signal(), { etag: '"v1"', inputSchema: COURSE_SCHEMA });
    expect(outcome).toMatchObject({ ok: true, discovery: { etag: '"v2"', inputSchema: COURSE_SCHEMA } });
    if (outcome.ok) expect(outcome.discovery.notModified).toBeUndefined();
  });

  it('R3: compareDiscovery flags a changed schema digest as schema_drift', async () => {
    const { agent, adapter } = await setup();
    const before = await adapter.discover(signal());
    agent.options.inputSchema = { ...COURSE_SCHEMA, required: ['query', 'limit'] };
    agent.options.etag = '"v2"';
    const after = await adapter.discover(signal());
    if (!before.ok || !after.ok) throw new Error('discover failed');
    const comparison = compareDiscovery(before.discovery, after.discovery);
    expect(comparison).toMatchObject({ status: 'drift', error: { kind: 'schema_drift', retryable: false } });
  });

  it('R3: compareDiscovery only warns when the ETag changes but the digest does not', () => {
    const digest = `sha256:${'a'.repeat(64)}`;
    const comparison = compareDiscovery(
      { schemaDigest: digest, etag: '"1"' },
      { schemaDigest: digest.toUpperCase(), etag: '"2"' },
    );
    expect(comparison.status).toBe('same');
    expect(comparison.warnings).toEqual(['ETag changed from "1" to "2" with the same schema digest']);
  });

  it('R4: fails negotiation with contract_violation when the schema does not compile', async () => {
    const { adapter } = await setup({
      inputSchema: { type: 'object', properties: { q: { type: 'no-such-type' } } },
    });
    const outcome = await adapter.discover(signal());
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'contract_violation' } });
  });

  it('R4: a keyword with a value of the wrong type fails negotiation too (no meta-schema pass needed)', async () => {
    const { adapter } = await setup({
      inputSchema: { type: 'object', properties: { q: { type: 'string', minLength: 'x' } } },
    });
    const outcome = await adapter.discover(signal());
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'contract_violation' } });
    if (!outcome.ok) expect(outcome.error.message).toContain('minLength');
  });

  it('R5: validateInput reports every Ajv error locally without a network call', async () => {
    const { agent, adapter } = await setup();
    await adapter.discover(signal());
    const requestsBefore = agent.requests.length;
    const result = adapter.validateInput({ query: '', limit: 0, extra: true });
    expect(agent.requests.length).toBe(requestsBefore);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.keyword).sort()).toEqual([
      'additionalProperties',
      'minLength',
      'minimum',
    ]);
    expect(result.errors.find((e) => e.keyword === 'minimum')?.instancePath).toBe('/limit');
  });

  it('R5: invoke refuses an input that fails local validation without sending it', async () => {
    const { agent, adapter } = await setup();
    await adapter.discover(signal());
    const outcome = await adapter.invoke({ limit: 3 }, testContext(signal()));
    expect(outcome).toMatchObject({
      ok: false,
      error: { kind: 'contract_error', details: { source: 'local' } },
    });
    expect(agent.invokeCount()).toBe(0);
  });

  it('R5: useSchema adopts a locked schema offline so validateInput works without /info', async () => {
    const { agent, adapter } = await setup();
    const adopted = adapter.useSchema(COURSE_SCHEMA);
    expect(adopted).toMatchObject({
      ok: true,
      discovery: { schemaDigest: `sha256:${sha256Hex(COURSE_CANONICAL)}` },
    });
    expect(adapter.validateInput({ query: 'ok' })).toEqual({ ok: true });
    expect(agent.requests).toHaveLength(0);
  });

  it('passes an /info transport failure through as a failed discovery', async () => {
    const { adapter } = await setup();
    const broken = createRaipAdapter(
      { protocol: 'raip', url: 'http://127.0.0.1:9/nothing' },
      { transport: new HttpTransport({ retries: 0 }) },
    );
    cleanups.push(() => broken.close());
    expect(await broken.discover(signal())).toMatchObject({ ok: false, error: { kind: 'transport_error' } });
    expect((await adapter.discover(signal())).ok).toBe(true);
  });

  it('validateInput before any negotiation is a programming error', async () => {
    const { adapter } = await setup();
    expect(() => adapter.validateInput({})).toThrow(/before discover/);
  });

  it('R6: posts {input, context} and returns {output, usage} with normalised usage', async () => {
    const { agent, adapter } = await setup();
    const outcome = await adapter.invoke({ query: 'intro ML' }, testContext(signal(), { id: 's1' }));
    expect(outcome).toMatchObject({
      ok: true,
      trajectory: {
        response: {
          output: { answer: 'Courses for intro ML', courses: [{ code: 'CS229' }, { code: 'CS230' }] },
          usage: { prompt_tokens: 12, completion_tokens: 30, total_tokens: 42 },
        },
        usage: { inputTokens: 12, outputTokens: 30, totalTokens: 42 },
        turns: 1,
      },
    });
    const sent = JSON.parse(agent.requests[0]!.body) as unknown;
    expect(sent).toEqual({
      input: { query: 'intro ML' },
      context: {
        runId: 'run-1',
        taskId: 'task-1',
        datasetId: 'dataset-1',
        exampleId: 's1',
        attempt: 0,
        trace: false,
      },
    });
    expect(agent.requests[0]?.query).toBe('');
  });

  it('R7: a reply without output is a contract_violation, not a crash', async () => {
    const { adapter } = await setup({ invoke: ['no-output'] });
    const outcome = await adapter.invoke({ query: 'x' }, testContext(signal()));
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'contract_violation' } });
  });

  it('R8: 400 with ajvErrors is recorded as contract_error and not retried', async () => {
    const stricter = {
      ...COURSE_SCHEMA,
      properties: { ...COURSE_SCHEMA.properties, query: { type: 'string', minLength: 5 } },
    };
    const { agent, adapter } = await setup({ enforcedSchema: stricter });
    await adapter.discover(signal());
    const outcome = await adapter.invoke({ query: 'ML' }, testContext(signal()));
    expect(agent.invokeCount()).toBe(1);
    expect(outcome).toMatchObject({
      ok: false,
      error: {
        kind: 'contract_error',
        retryable: false,
        details: {
          source: 'agent',
          ajvErrors: [{ instancePath: '/query', keyword: 'minLength', params: { limit: 5 } }],
        },
      },
    });
  });

  it('R9: 422 is recorded as semantic_mismatch and not retried', async () => {
    const { agent, adapter } = await setup({ invoke: ['reject422'] });
    const outcome = await adapter.invoke({ query: 'x' }, testContext(signal()));
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'semantic_mismatch', retryable: false } });
    expect(agent.invokeCount()).toBe(1);
  });

  it('R10: 429 with Retry-After waits the requested time and retries', async () => {
    const { agent, adapter } = await setup({ invoke: ['throttle429', 'ok'], retryAfter: '1' });
    const started = performance.now();
    const outcome = await adapter.invoke({ query: 'x' }, testContext(signal()));
    expect(outcome.ok).toBe(true);
    expect(agent.invokeCount()).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('R11: a 500 is retried with backoff and a persistent one fails as http_500 after the retries', async () => {
    const recovers = await setup({ invoke: ['error500', 'ok'] });
    expect((await recovers.adapter.invoke({ query: 'x' }, testContext(signal()))).ok).toBe(true);
    expect(recovers.agent.invokeCount()).toBe(2);
    const persists = await setup({ invoke: ['error500'] }, 2);
    const outcome = await persists.adapter.invoke({ query: 'x' }, testContext(signal()));
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'http_500' } });
    expect(persists.agent.invokeCount()).toBe(3);
  });

  it('R11: a timeout is retried and then reported as timeout', async () => {
    const { agent, adapter } = await setup({ invoke: ['slow'], slowMs: 2_000 }, 1, 300);
    const outcome = await adapter.invoke({ query: 'x' }, testContext(signal()));
    expect(outcome).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    expect(agent.invokeCount()).toBe(2);
  });

  it('R12: drops raw when trace is off', async () => {
    const { adapter } = await setup();
    const outcome = await adapter.invoke({ query: 'x' }, testContext(signal()));
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(outcome.trajectory.raw).toBeUndefined();
    expect(JSON.stringify(outcome)).not.toContain('raw provider payload');
  });

  it('R13: keeps raw and asks with ?trace=true when trace is on', async () => {
    const { agent, adapter } = await setup();
    const outcome = await adapter.invoke({ query: 'x' }, { ...testContext(signal()), trace: true });
    if (!outcome.ok) throw new Error(outcome.error.message);
    expect(agent.requests[0]?.query).toBe('?trace=true');
    expect(JSON.parse(agent.requests[0]!.body).context.trace).toBe(true);
    const raw = { provider: 'fake', trace: true, choices: [{ text: 'raw provider payload' }] };
    expect(outcome.trajectory.raw).toEqual(raw);
    expect(outcome.trajectory.response).toMatchObject({ raw });
  });

  it('R14: sends byte-identical canonical JSON for equal inputs whatever their key order', async () => {
    const { agent, adapter } = await setup();
    await adapter.invoke({ query: 'intro ML', limit: 3 }, testContext(signal()));
    await adapter.invoke({ limit: 3, query: 'intro ML' }, testContext(signal()));
    const [a, b] = agent.requests.map((r) => r.body);
    expect(a).toBe(b);
    expect(a).toBe(
      '{"context":{"attempt":0,"datasetId":"dataset-1","exampleId":"ex-1","runId":"run-1","taskId":"task-1","trace":false},' +
        '"input":{"limit":3,"query":"intro ML"}}',
    );
  });
});

/** The OpenAI-compatible LLM judge against a fake /v1/chat/completions server on 127.0.0.1. */
import { afterEach, describe, expect, it } from 'vitest';
import type { JudgeConfig } from '../../src/plan/schema.js';
import type { JudgeRuntime } from '../../src/protocols/agent-eval/judge-runtime.js';
import { createOpenaiJudge } from '../../src/protocols/openai-judge/openai-judge.js';
import { computeRubricVersion } from '../../src/protocols/rubrics/rubric-version.js';
import { toWireRubric } from '../../src/protocols/rubrics/wire-rubric.js';
import { COURSE_ADVICE } from '../fixtures/course-advice-rubric.js';
import { type FakeOpenaiJudgeOptions, startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function setup(
  options: FakeOpenaiJudgeOptions = {},
  config: Partial<JudgeConfig> = {},
  runtime: Partial<JudgeRuntime> = {},
) {
  const server = await startOpenaiJudgeServer(options);
  const judge = createOpenaiJudge(
    { protocol: 'openai', url: server.url, model: 'qwen2.5', ...config },
    { cwd: '.', rubrics: { 'course-advice': COURSE_ADVICE }, ...runtime },
  );
  cleanups.push(
    () => judge.close(),
    () => server.close(),
  );
  return { server, judge };
}

const signal = () => AbortSignal.timeout(20_000);
const ask = (content: string, extra: Record<string, unknown> = {}) => ({
  content,
  rubric: { name: 'course-advice' },
  ...extra,
});

describe('openai judge', () => {
  it('posts a json_schema response_format that requires a [0,1] score per dimension, temperature 0', async () => {
    const { judge, server } = await setup();
    await judge.judge(ask('relevance=1', { task: 'find ML courses', reference: 'CS229' }), signal());
    const body = server.requests[0]?.body;
    expect(body?.temperature).toBe(0);
    expect(body?.model).toBe('qwen2.5');
    expect(body?.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: {
        name: 'evalc_judge_course-advice',
        strict: true,
        schema: {
          required: ['dimensions', 'failureModes', 'rationale'],
          additionalProperties: false,
          properties: {
            dimensions: {
              required: ['relevance', 'accuracy', 'structure'],
              additionalProperties: false,
              properties: { relevance: { type: 'number', minimum: 0, maximum: 1 } },
            },
            failureModes: { items: { enum: ['invented-course', 'wrong-prerequisite'] } },
          },
        },
      },
    });
    const [system, user] = (body?.messages ?? []) as Array<{ role: string; content: string }>;
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('- relevance (weight 0.5): Answers the question asked');
    expect(user?.content).toContain('Reference answer:\nCS229');
    expect(user?.content).toContain('Task given to the agent:\nfind ML courses');
  });

  it('computes the composite locally and tags the verdict with the rubric RFC 8785 version', async () => {
    const { judge } = await setup();
    const judged = await judge.judge(
      ask('relevance=1 accuracy=0.5 structure=0 fail:invented-course'),
      signal(),
    );
    expect(judged.ok).toBe(true);
    if (!judged.ok) return;
    expect(judged.verdict.score).toBeCloseTo(0.5 + 0.15, 12);
    expect(judged.verdict.dimensions).toEqual({ relevance: 1, accuracy: 0.5, structure: 0 });
    expect(judged.verdict.failureModes).toEqual(['invented-course']);
    expect(judged.verdict.rubricVersion).toBe(
      computeRubricVersion(toWireRubric('course-advice', COURSE_ADVICE)),
    );
    expect(judged.verdict.rubricVersion).toMatch(/^course-advice@sha256-rfc8785:[0-9a-f]{64}$/);
    expect(judged.verdict.model).toBe('qwen2.5-served');
  });

  it('passes the configured temperature and a per-request model', async () => {
    const { judge, server } = await setup({}, { temperature: 0.7 });
    await judge.judge(ask('x', { model: 'other' }), signal());
    expect(server.requests[0]?.body).toMatchObject({ temperature: 0.7, model: 'other' });
  });

  it('accepts a verdict wrapped in a ```json fence', async () => {
    const { judge } = await setup({ fenced: true });
    const judged = await judge.judge(ask('relevance=0'), signal());
    expect(judged.ok ? judged.verdict.score : judged.error.message).toBeCloseTo(0.25, 12);
  });

  it.each(['not-json', 'missing-dimension', 'out-of-range', 'unknown-failure-mode', 'refusal'] as const)(
    'retries once after a malformed reply (%s) and returns the second verdict',
    async (malformedKind) => {
      const { judge, server } = await setup({ malformedTimes: 1, malformedKind });
      const judged = await judge.judge(ask('relevance=1 accuracy=1 structure=1'), signal());
      expect(judged.ok ? judged.verdict.score : judged.error.message).toBe(1);
      expect(server.requests).toHaveLength(2);
    },
  );

  it('reports judge_error with the raw reply after a second malformed reply', async () => {
    const { judge, server } = await setup({ malformedTimes: 2 });
    const judged = await judge.judge(ask('x'), signal());
    expect(judged).toMatchObject({
      ok: false,
      error: { kind: 'judge_error', details: { raw: 'I think the answer is pretty good, 8/10.' } },
    });
    expect(server.requests).toHaveLength(2);
  });

  it('maps 401 to auth_error and sends the bearer token from the env without leaking it', async () => {
    const { judge } = await setup({ authToken: 'sk-test-123456' });
    const refused = await judge.judge(ask('x'), signal());
    expect(refused.ok ? 'ok' : refused.error.kind).toBe('auth_error');
    const headers = { authorization: 'Bearer ${env.LLM_KEY}' };
    const authed = await setup(
      { authToken: 'sk-test-123456', failStatus: 400 },
      { headers },
      { env: { LLM_KEY: 'sk-test-123456' } },
    );
    const judged = await authed.judge.judge(ask('x'), signal());
    expect(judged.ok ? 'ok' : judged.error.kind).toBe('config_error');
    expect(JSON.stringify(judged)).not.toContain('sk-test-123456');
  });

  it('maps a wrong base URL (404) to endpoint_not_found', async () => {
    const server = await startOpenaiJudgeServer();
    const judge = createOpenaiJudge(
      { protocol: 'openai', url: `${server.url}/v2`, model: 'm' },
      { cwd: '.', rubrics: { 'course-advice': COURSE_ADVICE } },
    );
    cleanups.push(
      () => judge.close(),
      () => server.close(),
    );
    const judged = await judge.judge(ask('x'), signal());
    expect(judged.ok ? 'ok' : judged.error.kind).toBe('endpoint_not_found');
  });

  it('surfaces a persistent 5xx as http_500 after transport retries', async () => {
    const { judge, server } = await setup({ failStatus: 500 }, { limits: { retries: 1 } });
    const judged = await judge.judge(ask('x'), signal());
    expect(judged.ok ? 'ok' : judged.error.kind).toBe('http_500');
    expect(server.requests).toHaveLength(2);
  });

  it('refuses an unknown rubric and a missing model as config errors without calling the server', async () => {
    const { judge, server } = await setup();
    const unknown = await judge.judge({ content: 'x', rubric: { name: 'nope' } }, signal());
    expect(unknown.ok ? 'ok' : unknown.error.kind).toBe('config_error');
    const noModel = createOpenaiJudge({ protocol: 'openai', url: server.url }, { cwd: '.', rubrics: {} });
    const judged = await noModel.judge({ content: 'x', rubric: { name: 'generic' } }, signal());
    expect(judged.ok ? 'ok' : judged.error.message).toMatch(/needs `model`/);
    expect(server.requests).toHaveLength(0);
  });

  it('judges with an evalc built-in rubric (generic)', async () => {
    const { judge } = await setup();
    const judged = await judge.judge(
      { content: 'semantic_similarity=0.8', rubric: { name: 'generic' } },
      signal(),
    );
    expect(judged.ok ? judged.verdict.score : judged.error.message).toBe(0.8);
  });
});

describe('createJudgeClient', () => {
  it('builds an openai judge for protocol openai and an agent-eval one (rpc when command is set)', async () => {
    const { createJudgeClient } = await import('../../src/protocols/agent-eval/create-judge-client.js');
    const runtime = { cwd: '.', rubrics: {} };
    const openai = createJudgeClient(
      { protocol: 'openai', url: 'http://127.0.0.1:9/v1', model: 'm' },
      runtime,
    );
    const http = createJudgeClient({ protocol: 'agent-eval', url: 'http://127.0.0.1:9' }, runtime);
    const rpc = createJudgeClient({ protocol: 'agent-eval', command: 'agent-eval' }, runtime);
    expect([openai.protocol, http.protocol, rpc.protocol]).toEqual(['openai', 'agent-eval', 'agent-eval']);
    expect('transport' in rpc && rpc.transport).toBe('rpc');
    expect('transport' in http && http.transport).toBe('http');
    await Promise.all([openai.close(), http.close(), rpc.close()]);
  });
});

describe('rubric defaults', () => {
  it("uses the judge's rubric when the request names none, and MultiAgentEval's generic otherwise", async () => {
    const named = await setup({}, { rubric: 'course-advice' });
    const judged = await named.judge.judge(
      { content: 'relevance=1 accuracy=1 structure=1', rubric: { name: '' } },
      signal(),
    );
    expect(judged.ok ? judged.verdict.rubricVersion : judged.error.message).toMatch(/^course-advice@/);
    const unnamed = await setup();
    const generic = await unnamed.judge.judge(
      { content: 'semantic_similarity=0.3', rubric: { name: '' } },
      signal(),
    );
    expect(generic.ok ? generic.verdict.rubricVersion : generic.error.message).toMatch(/^generic@/);
  });
});

/**
 * Conformance of the agent-eval judge client over HTTP (shared/protocols/agent-eval.md §3.7,
 * cases A1–A14 and A20) against a fake server on 127.0.0.1. A18/A19 (ingest) are out of scope:
 * evalc does not ingest traces or feedback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JudgeConfig } from '../../src/plan/schema.js';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { buildJudgeBody } from '../../src/protocols/agent-eval/judge-body.js';
import { type JudgeRuntime, judgeTimeoutMs } from '../../src/protocols/agent-eval/judge-runtime.js';
import { computeRubricVersion } from '../../src/protocols/rubrics/rubric-version.js';
import { toWireRubric } from '../../src/protocols/rubrics/wire-rubric.js';
import { ANTI_SLOP_GOLDEN_VERSION } from '../fixtures/agent-eval-anti-slop.mjs';
import {
  type FakeAgentEvalServer,
  type FakeAgentEvalServerOptions,
  startAgentEvalServer,
} from '../fixtures/agent-eval-server.js';
import { COURSE_ADVICE } from '../fixtures/course-advice-rubric.js';

const servers: FakeAgentEvalServer[] = [];
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function setup(
  options: FakeAgentEvalServerOptions = {},
  config: Partial<JudgeConfig> = {},
  runtime: Partial<JudgeRuntime> = {},
) {
  const server = await startAgentEvalServer(options);
  servers.push(server);
  const judge = createAgentEvalJudge(
    { protocol: 'agent-eval', url: server.url, ...config },
    { cwd: process.cwd(), rubrics: { 'course-advice': COURSE_ADVICE }, ...runtime },
  );
  closers.push(() => judge.close());
  const judgePosts = () => server.requests.filter((r) => r.path === '/v1/judge').length;
  return { server, judge, judgePosts };
}

const signal = () => AbortSignal.timeout(20_000);

describe('agent-eval over HTTP: version (A1–A3)', () => {
  it('A1 accepts @tangle-network/agent-eval with wire 1.1.0 and reports version and wireVersion', async () => {
    const { judge } = await setup();
    const described = await judge.describe(signal());
    expect(described).toEqual({
      ok: true,
      info: { package: '@tangle-network/agent-eval', version: '0.170.0', wireVersion: '1.1.0' },
    });
  });

  it('A2 refuses wire 2.x as incompatible_version and never posts a judge request', async () => {
    const { judge, judgePosts } = await setup({ wireVersion: '2.0.0' });
    const described = await judge.describe(signal());
    expect(described.ok).toBe(false);
    if (!described.ok) expect(described.error.kind).toBe('incompatible_version');
    const judged = await judge.judge({ content: 'x', rubric: { name: 'anti-slop' } }, signal());
    expect(judged.ok ? 'ok' : judged.error.kind).toBe('incompatible_version');
    expect(judgePosts()).toBe(0);
  });

  it('A2 refuses a server that reports another package', async () => {
    const { judge } = await setup({ package: 'some-other-judge' });
    const described = await judge.describe(signal());
    expect(described.ok ? 'ok' : described.error.message).toMatch(
      /some-other-judge.*not @tangle-network\/agent-eval/,
    );
  });

  it('A3 accepts wire 1.0.0 and flags the rubricVersion scheme as possibly legacy', async () => {
    const { judge } = await setup({ wireVersion: '1.0.0', version: '0.20.10' });
    const described = await judge.describe(signal());
    expect(described).toEqual({
      ok: true,
      info: {
        package: '@tangle-network/agent-eval',
        version: '0.20.10',
        wireVersion: '1.0.0',
        legacyRubricVersionScheme: true,
      },
    });
  });

  it('A3 accepts a legacy djb2 tag for an inline rubric from a wire 1.0.0 server, with a warning', async () => {
    const { judge } = await setup({ wireVersion: '1.0.0', legacyHash: true });
    const judged = await judge.judge({ content: 'relevance=1', rubric: { name: 'course-advice' } }, signal());
    expect(judged.ok).toBe(true);
    if (!judged.ok) return;
    expect(judged.verdict.rubricVersion).toMatch(/^course-advice@[0-9a-f]{8}$/);
    expect(judged.verdict.warnings?.[0]).toMatch(/legacy rubricVersion scheme/);
  });
});

describe('agent-eval over HTTP: rubrics (A4) and judge requests (A5)', () => {
  it('A4 lists registered rubrics with their tags (anti-slop carries the documented golden tag)', async () => {
    const { judge } = await setup();
    const listed = await judge.listRubrics(signal());
    expect(listed.ok).toBe(true);
    if (!listed.ok) return;
    expect(listed.rubrics.map((r) => r.name)).toEqual(['anti-slop', 'clarity']);
    expect(listed.rubrics[0]?.rubricVersion).toBe(ANTI_SLOP_GOLDEN_VERSION);
    expect(listed.rubrics[0]?.dimensions.map((d) => [d.id, d.weight])).toEqual([
      ['buyer_quality', 0.5],
      ['voice', 0.3],
      ['signal', 0.2],
    ]);
  });

  it('A4 rejects a listing whose tag does not start with <name>@', async () => {
    const { judge } = await setup({ listedVersion: { clarity: 'anti-slop@sha256-rfc8785:00' } });
    const listed = await judge.listRubrics(signal());
    expect(listed.ok ? 'ok' : listed.error.kind).toBe('contract_violation');
  });

  it('A5 refuses a body with both rubricName and an inline rubric before sending anything', () => {
    const wire = toWireRubric('course-advice', COURSE_ADVICE);
    const both = buildJudgeBody(
      { rubricName: 'anti-slop', rubric: wire },
      { content: 'x', rubric: { name: 'anti-slop' } },
    );
    expect(both).toMatchObject({ ok: false, error: { kind: 'contract_error', retryable: false } });
    const neither = buildJudgeBody({}, { content: 'x', rubric: { name: 'anti-slop' } });
    expect(neither.ok).toBe(false);
    const one = buildJudgeBody(
      { rubricName: 'anti-slop' },
      { content: 'x', rubric: { name: 'anti-slop' }, task: 't' },
      'm1',
    );
    expect(one).toEqual({
      ok: true,
      body: { rubricName: 'anti-slop', content: 'x', context: { task: 't' }, model: 'm1' },
    });
  });

  it('A5 sends a plan rubric inline only (no rubricName) and a registered one by name only', async () => {
    const { judge, server } = await setup();
    await judge.judge({ content: 'relevance=1', rubric: { name: 'course-advice' } }, signal());
    await judge.judge({ content: 'voice=1', rubric: { name: 'anti-slop' } }, signal());
    const bodies = server.requests
      .filter((r) => r.path === '/v1/judge')
      .map((r) => r.body as Record<string, unknown>);
    expect(Object.keys(bodies[0] ?? {}).sort()).toEqual(['content', 'rubric']);
    expect(bodies[0]?.rubric).toEqual(toWireRubric('course-advice', COURSE_ADVICE));
    expect(bodies[1]).toEqual({ rubricName: 'anti-slop', content: 'voice=1' });
  });

  it('sends an evalc built-in rubric the server does not list inline', async () => {
    const { judge, server } = await setup();
    const judged = await judge.judge(
      { content: 'claim_support=1 hallucination_free=0.5', rubric: { name: 'factual_grounding' } },
      signal(),
    );
    expect(judged.ok).toBe(true);
    if (judged.ok) expect(judged.verdict.score).toBeCloseTo(0.6 * 1 + 0.4 * 0.5, 12);
    const body = server.requests.find((r) => r.path === '/v1/judge')?.body as Record<string, unknown>;
    expect(body.rubricName).toBeUndefined();
    expect((body.rubric as { name: string }).name).toBe('factual_grounding');
  });
});

describe('agent-eval over HTTP: error mapping (A6–A9, A12–A14)', () => {
  it('A6 maps 400 validation_error (empty content) to a config error without retry', async () => {
    const { judge, judgePosts } = await setup();
    const judged = await judge.judge({ content: '', rubric: { name: 'anti-slop' } }, signal());
    expect(judged).toMatchObject({
      ok: false,
      error: { kind: 'config_error', retryable: false, details: { code: 'validation_error' } },
    });
    expect(judgePosts()).toBe(1);
  });

  it('A7 maps 404 rubric_not_found to a config error without retry', async () => {
    const { judge, judgePosts } = await setup();
    const judged = await judge.judge({ content: 'x', rubric: { name: 'missing' } }, signal());
    expect(judged).toMatchObject({
      ok: false,
      error: { kind: 'config_error', retryable: false, details: { code: 'rubric_not_found' } },
    });
    if (!judged.ok) expect(judged.error.message).toMatch(/rubrics:/);
    expect(judgePosts()).toBe(1);
  });

  it('A8 maps 503 llm_not_configured to judge_unconfigured, tells the user to configure the server, no retry', async () => {
    const { judge, judgePosts } = await setup({ llmConfigured: false });
    const judged = await judge.judge({ content: 'x', rubric: { name: 'anti-slop' } }, signal());
    expect(judged).toMatchObject({ ok: false, error: { kind: 'judge_unconfigured', retryable: false } });
    if (!judged.ok) expect(judged.error.message).toMatch(/AGENT_EVAL_LLM_BASE_URL/);
    expect(judgePosts()).toBe(1);
  });

  it('A9 retries a 500 judge_error once by default and returns the second answer', async () => {
    const { judge, judgePosts } = await setup({ judgeErrorTimes: 1 });
    const judged = await judge.judge({ content: 'voice=1', rubric: { name: 'anti-slop' } }, signal());
    expect(judged.ok).toBe(true);
    expect(judgePosts()).toBe(2);
  });

  it('A9 gives up with judge_error after the configured retries', async () => {
    const { judge, judgePosts } = await setup({ judgeErrorTimes: 5 });
    const judged = await judge.judge({ content: 'x', rubric: { name: 'anti-slop' } }, signal());
    expect(judged).toMatchObject({
      ok: false,
      error: { kind: 'judge_error', details: { code: 'judge_error' } },
    });
    expect(judgePosts()).toBe(2);
    const none = await setup({ judgeErrorTimes: 5 }, {}, { judgeErrorRetries: 0 });
    await none.judge.judge({ content: 'x', rubric: { name: 'anti-slop' } }, signal());
    expect(none.judgePosts()).toBe(1);
  });

  it('A12 treats an omitted details field as null', async () => {
    for (const nullDetails of [false, true]) {
      const { judge } = await setup({ nullDetails });
      const judged = await judge.judge({ content: 'x', rubric: { name: 'missing' } }, signal());
      expect(judged.ok ? 'ok' : judged.error.details).toEqual({ code: 'rubric_not_found', details: null });
    }
  });

  it('A13 maps a plain-text 404 to endpoint_not_found without a JSON parse error', async () => {
    const server = await startAgentEvalServer();
    servers.push(server);
    const judge = createAgentEvalJudge(
      { protocol: 'agent-eval', url: `${server.url}/not-agent-eval` },
      { cwd: '.', rubrics: {} },
    );
    closers.push(() => judge.close());
    const described = await judge.describe(signal());
    expect(described).toMatchObject({ ok: false, error: { kind: 'endpoint_not_found', retryable: false } });
  });

  it('A14 maps 401 unauthorized to auth_error while /v1/version works unauthenticated', async () => {
    const { judge } = await setup({ authToken: 's3cret-token' });
    expect((await judge.describe(signal())).ok).toBe(true);
    const judged = await judge.judge({ content: 'x', rubric: { name: 'anti-slop' } }, signal());
    expect(judged).toMatchObject({ ok: false, error: { kind: 'auth_error', retryable: false } });
  });

  it('A14 sends the bearer token from an env.NAME header template and never puts it in an error', async () => {
    const config = { headers: { authorization: 'Bearer ${env.JUDGE_TOKEN}' } };
    const { judge } = await setup({ authToken: 's3cret-token', llmConfigured: false }, config, {
      env: { JUDGE_TOKEN: 's3cret-token' },
    });
    const judged = await judge.judge({ content: 'x', rubric: { name: 'anti-slop' } }, signal());
    expect(judged.ok ? 'ok' : judged.error.kind).toBe('judge_unconfigured');
    expect(JSON.stringify(judged)).not.toContain('s3cret-token');
    const unset = await setup({ authToken: 's3cret-token' }, config, { env: {} });
    const refused = await unset.judge.judge({ content: 'x', rubric: { name: 'anti-slop' } }, signal());
    expect(refused.ok ? 'ok' : refused.error.message).toMatch(/JUDGE_TOKEN, which is not set/);
  });

  it('answers /healthz', async () => {
    const { judge } = await setup();
    expect(await judge.health(signal())).toEqual({ ok: true });
  });
});

describe('agent-eval over HTTP: results (A10, A11)', () => {
  it('A10 returns the composite Σwᵢsᵢ/Σwᵢ with dimensions, failure modes and the server tag', async () => {
    const { judge } = await setup();
    const content = 'buyer_quality=0.9 voice=0.5 signal=0.2 fail:vague-claim win:earned-detail';
    const judged = await judge.judge({ content, rubric: { name: 'anti-slop' } }, signal());
    expect(judged.ok).toBe(true);
    if (!judged.ok) return;
    expect(judged.verdict.score).toBeCloseTo(0.5 * 0.9 + 0.3 * 0.5 + 0.2 * 0.2, 12);
    expect(judged.verdict.dimensions).toEqual({ buyer_quality: 0.9, voice: 0.5, signal: 0.2 });
    expect(judged.verdict.failureModes).toEqual(['vague-claim']);
    expect(judged.verdict.wins).toEqual(['earned-detail']);
    expect(judged.verdict.rubricVersion).toBe(ANTI_SLOP_GOLDEN_VERSION);
    expect(judged.verdict.model).toBe('fake-judge-1');
    expect(judged.verdict.warnings).toBeUndefined();
  });

  it('A10 forwards the model override and the task/reference as context', async () => {
    const { judge, server } = await setup({}, { model: 'qwen2.5' });
    const judged = await judge.judge(
      { content: 'x', rubric: { name: 'anti-slop' }, reference: 'CS229' },
      signal(),
    );
    expect(judged.ok ? judged.verdict.model : judged.error.kind).toBe('qwen2.5');
    expect(server.requests.find((r) => r.path === '/v1/judge')?.body).toMatchObject({
      context: { reference: 'CS229' },
      model: 'qwen2.5',
    });
  });

  it('A10 accepts a registered rubric with a custom range (clarity 1..5) without a false warning', async () => {
    const { judge } = await setup();
    const judged = await judge.judge(
      { content: 'clarity=4 completeness=0.5', rubric: { name: 'clarity' } },
      signal(),
    );
    expect(judged.ok).toBe(true);
    if (!judged.ok) return;
    expect(judged.verdict.score).toBeCloseTo((3 * 0.75 + 1 * 0.5) / 4, 12);
    expect(judged.verdict.warnings).toBeUndefined();
  });

  it('A10 warns when the server composite differs from the recomputation by more than 1e-9', async () => {
    const { judge } = await setup({ tamper: { compositeOffset: 1e-6 } });
    const judged = await judge.judge({ content: 'voice=0.5', rubric: { name: 'anti-slop' } }, signal());
    expect(judged.ok).toBe(true);
    if (judged.ok) expect(judged.verdict.warnings?.join()).toMatch(/differs from evalc's recomputation/);
  });

  it.each([
    ['a composite above 1', { composite: 1.5 }],
    ['a missing dimension', { dropDimension: true }],
    ['a failure mode outside the rubric', { extraFailureMode: 'made-up' }],
  ])('A10 rejects a result with %s as a judge_error, asked twice (QA171)', async (_label, tamper) => {
    const { judge, judgePosts } = await setup({ tamper });
    const judged = await judge.judge({ content: 'voice=0.5', rubric: { name: 'course-advice' } }, signal());
    expect(judged.ok ? 'ok' : judged.error.kind).toBe('judge_error');
    expect(judgePosts()).toBe(2);
  });

  it('A10 retries a malformed 200 verdict once, as a 500 judge_error, and keeps the second answer (QA171)', async () => {
    const { judge, judgePosts } = await setup({ malformedTimes: 1 });
    const judged = await judge.judge({ content: 'voice=1', rubric: { name: 'anti-slop' } }, signal());
    expect(judged.ok).toBe(true);
    expect(judgePosts()).toBe(2);
    const twice = await setup({ malformedTimes: 5 });
    const failed = await twice.judge.judge({ content: 'voice=1', rubric: { name: 'anti-slop' } }, signal());
    expect(failed).toMatchObject({ ok: false, error: { kind: 'judge_error', retryable: true } });
    if (!failed.ok) expect(failed.error.message).toMatch(/judge: malformed judge result \(composite: /);
    expect(twice.judgePosts()).toBe(2);
    const none = await setup({ malformedTimes: 5 }, {}, { judgeErrorRetries: 0 });
    await none.judge.judge({ content: 'voice=1', rubric: { name: 'anti-slop' } }, signal());
    expect(none.judgePosts()).toBe(1);
  });

  it('A11 checks an inline rubric tag against the local RFC 8785 hash', async () => {
    const { judge } = await setup();
    const judged = await judge.judge(
      { content: 'relevance=1 accuracy=0.5 structure=0', rubric: { name: 'course-advice' } },
      signal(),
    );
    expect(judged.ok).toBe(true);
    if (!judged.ok) return;
    expect(judged.verdict.rubricVersion).toBe(
      computeRubricVersion(toWireRubric('course-advice', COURSE_ADVICE)),
    );
    expect(judged.verdict.score).toBeCloseTo(0.5 + 0.15, 12);
  });

  it('A11 fails hard when the server tag for an inline rubric differs', async () => {
    const { judge } = await setup({
      tamper: { rubricVersion: `course-advice@sha256-rfc8785:${'0'.repeat(64)}` },
    });
    const judged = await judge.judge({ content: 'relevance=1', rubric: { name: 'course-advice' } }, signal());
    expect(judged).toMatchObject({ ok: false, error: { kind: 'contract_violation', retryable: false } });
    if (!judged.ok) expect(judged.error.message).toMatch(/different rubric/);
  });

  it('A11 treats an inline echo of a plan rubric as that rubric (same description, same version)', async () => {
    const { judge, server } = await setup();
    const echo = {
      name: 'course-advice',
      dimensions: COURSE_ADVICE.dimensions,
      failureModes: COURSE_ADVICE.failureModes ?? [],
    };
    const named = await judge.judge({ content: 'relevance=1', rubric: { name: 'course-advice' } }, signal());
    const echoed = await judge.judge({ content: 'relevance=1', rubric: echo }, signal());
    expect(named.ok && echoed.ok).toBe(true);
    if (named.ok && echoed.ok) expect(echoed.verdict.rubricVersion).toBe(named.verdict.rubricVersion);
    const changed = await judge.judge(
      { content: 'relevance=1', rubric: { ...echo, failureModes: [] } },
      signal(),
    );
    expect(changed.ok).toBe(true);
    if (changed.ok && named.ok) expect(changed.verdict.rubricVersion).not.toBe(named.verdict.rubricVersion);
    const echoBuiltin = { name: 'anti-slop', dimensions: [{ id: 'voice', description: 'v', weight: 1 }] };
    await judge.judge({ content: 'voice=1', rubric: echoBuiltin }, signal());
    const last = server.requests.filter((r) => r.path === '/v1/judge').at(-1)?.body as Record<
      string,
      unknown
    >;
    expect(last.rubricName).toBeUndefined();
  });

  it('A11 sends a rubric given inline in the request', async () => {
    const { judge } = await setup();
    const rubric = { name: 'adhoc', dimensions: [{ id: 'a', description: 'b', weight: 2 }] };
    const judged = await judge.judge({ content: 'a=0.25', rubric }, signal());
    expect(judged.ok ? judged.verdict.score : judged.error.message).toBe(0.25);
  });
});

describe('agent-eval timeouts (A20)', () => {
  it('A20 waits 200 s per judge call by default; limits.timeout and the runtime override it', () => {
    expect(judgeTimeoutMs({ protocol: 'agent-eval' }, { cwd: '.', rubrics: {} })).toBe(200_000);
    expect(
      judgeTimeoutMs({ protocol: 'agent-eval', limits: { timeout: '5s' } }, { cwd: '.', rubrics: {} }),
    ).toBe(5000);
    expect(judgeTimeoutMs({ protocol: 'agent-eval' }, { cwd: '.', rubrics: {}, timeoutMs: 7 })).toBe(7);
  });

  it('A20 reports a judge call slower than the timeout as timeout', async () => {
    const { judge } = await setup({ judgeDelayMs: 1500 }, {}, { timeoutMs: 300 });
    const judged = await judge.judge({ content: 'x', rubric: { name: 'course-advice' } }, signal());
    expect(judged.ok ? 'ok' : judged.error.kind).toBe('timeout');
  });
});

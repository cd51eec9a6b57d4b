/**
 * QA116: an `openai` judge pointed at OpenAI's (or Azure OpenAI's) reasoning models — o1, o3-mini,
 * o4-mini, gpt-5 — which refuse `max_tokens` with 400 "Unsupported parameter: 'max_tokens' is not
 * supported with this model. Use 'max_completion_tokens' instead." (`param: max_tokens`,
 * `code: unsupported_parameter`) and any temperature but 1 with 400 "Unsupported value:
 * 'temperature' does not support 0 with this model. Only the default (1) value is supported."
 * Before, a judge with `maxTokens` failed every verdict `config_error` with no way around it (the
 * judge sends the plan's `maxTokens` as `max_tokens` only), and the judge's default temperature 0
 * failed every verdict with the server's words alone. Real loopback server imitating the API.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JudgeConfig, OpenaiAgentConfig, RubricConfig } from '../../src/plan/schema.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import type { JudgeOutcome } from '../../src/protocols/judge-types.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import { createOpenaiJudge } from '../../src/protocols/openai-judge/openai-judge.js';
import {
  type CompatServer,
  completion,
  type Reply,
  startCompatServer,
} from '../fixtures/qa19-openai-compat-server.js';
import { testContext } from './conformance.js';

const RUBRIC: RubricConfig = {
  dimensions: [{ id: 'relevance', description: 'Answers the question', weight: 1 }],
};
const VERDICT = JSON.stringify({ dimensions: { relevance: 0.75 }, failureModes: [], rationale: 'fine' });

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** OpenAI's chat completions for a reasoning model, as the API answers today. */
function reasoningModel(request: { body: Record<string, unknown> }): Reply {
  const { body } = request;
  if (body.temperature !== undefined && body.temperature !== 1)
    return {
      status: 400,
      json: {
        error: {
          message: `Unsupported value: 'temperature' does not support ${String(body.temperature)} with this model. Only the default (1) value is supported.`,
          type: 'invalid_request_error',
          param: 'temperature',
          code: 'unsupported_value',
        },
      },
    };
  if (body.max_tokens !== undefined)
    return {
      status: 400,
      json: {
        error: {
          message:
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          type: 'invalid_request_error',
          param: 'max_tokens',
          code: 'unsupported_parameter',
        },
      },
    };
  return completion(
    VERDICT,
    {},
    {},
    { usage: { prompt_tokens: 90, completion_tokens: 300, total_tokens: 390 } },
  );
}

async function judgeAgainst(
  settings: Partial<JudgeConfig>,
  calls = 1,
): Promise<{ outcomes: JudgeOutcome[]; server: CompatServer }> {
  const server = await startCompatServer(reasoningModel);
  const judge = createOpenaiJudge(
    {
      protocol: 'openai',
      url: `${server.url}/v1`,
      model: 'o4-mini',
      rubric: 'r',
      limits: { retries: 0 },
      ...settings,
    },
    { cwd: '.', rubrics: { r: RUBRIC } },
  );
  cleanups.push(
    () => judge.close(),
    () => server.close(),
  );
  const outcomes: JudgeOutcome[] = [];
  for (let i = 0; i < calls; i++)
    outcomes.push(
      await judge.judge({ content: `answer ${i}`, rubric: { name: 'r' } }, AbortSignal.timeout(10_000)),
    );
  return { outcomes, server };
}

describe('openai judge: OpenAI reasoning models (o-series, gpt-5)', () => {
  it('sends maxTokens as max_completion_tokens after the server refuses max_tokens, and keeps it for later calls', async () => {
    const { outcomes, server } = await judgeAgainst({ temperature: 1, maxTokens: 2000 }, 2);
    for (const outcome of outcomes) {
      expect(outcome.ok).toBe(true);
      if (outcome.ok) expect(outcome.verdict.score).toBeCloseTo(0.75);
    }
    // first call: max_tokens refused, asked again with max_completion_tokens; second call starts there
    expect(server.requests.map((r) => [r.body.max_tokens, r.body.max_completion_tokens])).toEqual([
      [2000, undefined],
      [undefined, 2000],
      [undefined, 2000],
    ]);
  });

  it('steps down every call sent with max_tokens before the first refusal came back (concurrent calls)', async () => {
    const server = await startCompatServer(reasoningModel);
    const judge = createOpenaiJudge(
      {
        protocol: 'openai',
        url: `${server.url}/v1`,
        model: 'gpt-5-mini',
        rubric: 'r',
        temperature: 1,
        maxTokens: 800,
      },
      { cwd: '.', rubrics: { r: RUBRIC } },
    );
    cleanups.push(
      () => judge.close(),
      () => server.close(),
    );
    const outcomes = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        judge.judge({ content: `answer ${i}`, rubric: { name: 'r' } }, AbortSignal.timeout(10_000)),
      ),
    );
    expect(outcomes.map((o) => o.ok)).toEqual([true, true, true, true]);
  });

  it('still sends max_tokens to a server that takes it', async () => {
    const server = await startCompatServer(() => completion(VERDICT));
    const judge = createOpenaiJudge(
      { protocol: 'openai', url: `${server.url}/v1`, model: 'qwen2.5', rubric: 'r', maxTokens: 500 },
      { cwd: '.', rubrics: { r: RUBRIC } },
    );
    cleanups.push(
      () => judge.close(),
      () => server.close(),
    );
    const outcome = await judge.judge({ content: 'x', rubric: { name: 'r' } }, AbortSignal.timeout(10_000));
    expect(outcome.ok).toBe(true);
    expect(server.requests.map((r) => [r.body.max_tokens, r.body.max_completion_tokens])).toEqual([
      [500, undefined],
    ]);
  });

  it('says it sent max_completion_tokens when a proxy refuses max_tokens under either name (QA135)', async () => {
    const refusal = reasoningModel({ body: { max_tokens: 1 } });
    const server = await startCompatServer(() => refusal);
    const judge = createOpenaiJudge(
      {
        protocol: 'openai',
        url: `${server.url}/v1`,
        model: 'o4-mini',
        rubric: 'r',
        maxTokens: 500,
        temperature: 1,
      },
      { cwd: '.', rubrics: { r: RUBRIC } },
    );
    cleanups.push(
      () => judge.close(),
      () => server.close(),
    );
    const outcome = await judge.judge({ content: 'x', rubric: { name: 'r' } }, AbortSignal.timeout(10_000));
    expect(server.requests.map((r) => [r.body.max_tokens, r.body.max_completion_tokens])).toEqual([
      [500, undefined],
      [undefined, 500],
    ]);
    expect(outcome.ok).toBe(false);
    if (!outcome.ok)
      expect(outcome.error.message).toMatch(
        /Use 'max_completion_tokens' instead\. \(evalc sent the limit as max_completion_tokens\)$/,
      );
  });

  it("says how to set the temperature when the model refuses the judge's default 0", async () => {
    const { outcomes } = await judgeAgainst({});
    const [outcome] = outcomes;
    expect(outcome?.ok).toBe(false);
    if (outcome && !outcome.ok) {
      expect(outcome.error.kind).toBe('config_error');
      expect(outcome.error.message).toContain('does not support 0 with this model');
      expect(outcome.error.message).toContain("evalc's default for a judge is 0");
      expect(outcome.error.message).toContain('`temperature: 1`');
    }
  });

  it('scores with temperature: 1 written on the judge', async () => {
    const { outcomes, server } = await judgeAgainst({ temperature: 1 });
    expect(outcomes[0]?.ok).toBe(true);
    expect(server.requests.map((r) => r.body.temperature)).toEqual([1]);
  });
});

describe('openai agent: OpenAI reasoning models (o-series, gpt-5)', () => {
  async function agentAgainst(settings: Partial<OpenaiAgentConfig>, inputs: unknown[]) {
    const server = await startCompatServer(reasoningModel);
    const adapter = createOpenaiAdapter(
      { protocol: 'openai', url: `${server.url}/v1`, model: 'o3-mini', ...settings },
      { transport: new HttpTransport({ retries: 0 }) },
    );
    cleanups.push(
      () => adapter.close(),
      () => server.close(),
    );
    const outcomes = [];
    for (const input of inputs)
      outcomes.push(await adapter.invoke(input, testContext(AbortSignal.timeout(10_000))));
    return { outcomes, server };
  }

  it("sends the agent's maxTokens as max_completion_tokens after the server refuses max_tokens, then from the start", async () => {
    const { outcomes, server } = await agentAgainst({ maxTokens: 1000 }, ['one', 'two']);
    expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
    expect(server.requests.map((r) => [r.body.max_tokens, r.body.max_completion_tokens])).toEqual([
      [1000, undefined],
      [undefined, 1000],
      [undefined, 1000],
    ]);
  });

  it('says how to set the temperature when the model refuses the one the agent sent', async () => {
    const { outcomes } = await agentAgainst({ temperature: 0 }, ['one']);
    const [outcome] = outcomes;
    expect(outcome?.ok).toBe(false);
    if (outcome && !outcome.ok) {
      expect(outcome.error.kind).toBe('http_400');
      expect(outcome.error.message).toContain("write the agent's `temperature: 1`");
    }
  });
});

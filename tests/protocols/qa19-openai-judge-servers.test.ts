/**
 * QA19: the OpenAI-compatible LLM judge against imitations of real servers — those that refuse
 * `response_format: json_schema` (older vLLM/TGI/Azure with 400, llama.cpp with 500, servers
 * without any response_format), reasoning models that think in `<think>` before the verdict,
 * verdict replies streamed as SSE, a verdict with a dimension the rubric lacks, and an unknown
 * model. Real loopback servers (tests/fixtures/qa19-openai-compat-server.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RubricConfig } from '../../src/plan/schema.js';
import type { JudgeOutcome } from '../../src/protocols/judge-types.js';
import { createOpenaiJudge } from '../../src/protocols/openai-judge/openai-judge.js';
import {
  type Behaviour,
  type CompatServer,
  completion,
  formatOf,
  startCompatServer,
} from '../fixtures/qa19-openai-compat-server.js';

const RUBRIC: RubricConfig = {
  dimensions: [
    { id: 'relevance', description: 'Answers the question', weight: 0.5 },
    { id: 'accuracy', description: 'Correct', weight: 0.5 },
  ],
};
const VERDICT = JSON.stringify({
  dimensions: { relevance: 0.8, accuracy: 0.6 },
  failureModes: [],
  rationale: 'fine',
});

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** Judges `calls` contents in sequence with one judge client; the server's requests are kept. */
async function judgeAgainst(
  behaviour: Behaviour,
  options: { calls?: number; retries?: number; model?: string } = {},
): Promise<{ outcomes: JudgeOutcome[]; server: CompatServer }> {
  const server = await startCompatServer(behaviour);
  const judge = createOpenaiJudge(
    {
      protocol: 'openai',
      url: `${server.url}/v1`,
      model: options.model ?? 'm',
      rubric: 'r',
      limits: { retries: options.retries ?? 0 },
    },
    { cwd: '.', rubrics: { r: RUBRIC } },
  );
  cleanups.push(
    () => judge.close(),
    () => server.close(),
  );
  const outcomes: JudgeOutcome[] = [];
  for (let i = 0; i < (options.calls ?? 1); i++)
    outcomes.push(
      await judge.judge({ content: `answer ${i}`, rubric: { name: 'r' } }, AbortSignal.timeout(10_000)),
    );
  return { outcomes, server };
}

/** vLLM < 0.6 (pydantic): json_schema is not a known response_format type. */
const oldVllm: Behaviour = (request) =>
  formatOf(request) === 'json_schema'
    ? {
        status: 400,
        json: {
          object: 'error',
          message:
            "[{'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\"}]",
          type: 'BadRequestError',
          code: 400,
        },
      }
    : completion(VERDICT);

describe('openai judge: servers that refuse response_format json_schema', () => {
  it('asks again with json_object, warns on the verdict, and starts there for later calls', async () => {
    const { outcomes, server } = await judgeAgainst(oldVllm, { calls: 2 });
    expect(server.requests.map(formatOf)).toEqual(['json_schema', 'json_object', 'json_object']);
    for (const outcome of outcomes) {
      expect(outcome).toMatchObject({ ok: true, verdict: { score: 0.7 } });
      if (outcome.ok) expect(outcome.verdict.warnings?.[0]).toContain('refused response_format json_schema');
    }
  });

  it("steps down after llama.cpp's 500 that names response_format", async () => {
    const { outcomes, server } = await judgeAgainst((request) =>
      formatOf(request) === 'json_schema'
        ? {
            status: 500,
            json: {
              error: {
                code: 500,
                message: 'response_format type must be one of "text" or "json_object", but got: json_schema',
                type: 'server_error',
              },
            },
          }
        : completion(VERDICT),
    );
    expect(outcomes[0]).toMatchObject({ ok: true });
    expect(server.requests.map(formatOf)).toEqual(['json_schema', 'json_object']);
  });

  it('asks without response_format when the server refuses json_object too', async () => {
    const { outcomes, server } = await judgeAgainst((request) =>
      formatOf(request) === 'none'
        ? completion(`Here is my verdict: ${VERDICT}`)
        : { status: 400, json: { error: { message: "Unsupported parameter: 'response_format'" } } },
    );
    expect(server.requests.map(formatOf)).toEqual(['json_schema', 'json_object', 'none']);
    expect(outcomes[0]).toMatchObject({ ok: true, verdict: { score: 0.7 } });
    if (outcomes[0]?.ok) expect(outcomes[0].verdict.warnings?.[0]).toContain('asked without response_format');
  });

  it('keeps json_schema with no warning on a server that accepts it', async () => {
    const { outcomes, server } = await judgeAgainst(() => completion(VERDICT), { calls: 2 });
    expect(server.requests.map(formatOf)).toEqual(['json_schema', 'json_schema']);
    if (outcomes[0]?.ok) expect(outcomes[0].verdict.warnings).toBeUndefined();
  });

  it('does not step down on a 400 about something else (context length)', async () => {
    const { outcomes, server } = await judgeAgainst(() => ({
      status: 400,
      json: {
        error: {
          message: "This model's maximum context length is 4096 tokens",
          code: 'context_length_exceeded',
        },
      },
    }));
    expect(server.requests.map(formatOf)).toEqual(['json_schema']);
    expect(outcomes[0]).toMatchObject({ ok: false, error: { kind: 'config_error' } });
  });
});

describe('openai judge: reasoning models and other reply shapes', () => {
  it('reads the verdict after a <think> block, not the JSON inside it', async () => {
    const decoy =
      '{"dimensions": {"relevance": 0.1, "accuracy": 0.1}, "failureModes": [], "rationale": "draft"}';
    const { outcomes } = await judgeAgainst(() =>
      completion(`<think>\nMaybe ${decoy}? No.\n</think>\n\n${VERDICT}`),
    );
    expect(outcomes[0]).toMatchObject({ ok: true, verdict: { score: 0.7, rationale: 'fine' } });
  });

  it('says the reply held only reasoning when the <think> block was cut at the token limit', async () => {
    const { outcomes } = await judgeAgainst(() =>
      completion('<think>\nrelevance looks {"dimensions": 1', {}, { finish_reason: 'length' }),
    );
    expect(outcomes[0]).toMatchObject({ ok: false, error: { kind: 'judge_error' } });
    if (outcomes[0] && !outcomes[0].ok) {
      expect(outcomes[0].error.message).toContain('only reasoning, no answer after it');
      expect(outcomes[0].error.message).toContain('finish_reason: length');
    }
  });

  it('reads a verdict streamed as SSE without stream: true', async () => {
    const half = Math.floor(VERDICT.length / 2);
    const { outcomes } = await judgeAgainst(() => ({
      sse: [VERDICT.slice(0, half), VERDICT.slice(half)].map((content) => ({
        object: 'chat.completion.chunk',
        choices: [{ index: 0, delta: { content }, finish_reason: null }],
      })),
    }));
    expect(outcomes[0]).toMatchObject({ ok: true, verdict: { score: 0.7 } });
  });

  it('names a dimension the rubric does not define', async () => {
    const { outcomes } = await judgeAgainst(() =>
      completion(
        JSON.stringify({
          dimensions: { relevance: 1, accuracy: 1, tone: 0 },
          failureModes: [],
          rationale: 'x',
        }),
      ),
    );
    expect(outcomes[0]).toMatchObject({ ok: false, error: { kind: 'judge_error' } });
    if (outcomes[0] && !outcomes[0].ok)
      expect(outcomes[0].error.message).toContain('"tone", which the rubric does not define');
  });

  it('reports an unknown model as config_error naming it', async () => {
    const { outcomes } = await judgeAgainst(
      () => ({
        status: 404,
        json: { error: { message: 'model "qwen3:8b" not found, try pulling it first', type: 'api_error' } },
      }),
      { model: 'qwen3:8b' },
    );
    expect(outcomes[0]).toMatchObject({ ok: false, error: { kind: 'config_error' } });
    if (outcomes[0] && !outcomes[0].ok)
      expect(outcomes[0].error.message).toContain('does not serve model "qwen3:8b"');
  });
});

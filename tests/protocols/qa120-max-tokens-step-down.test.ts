/**
 * QA120 (review of QA116's 8fcca91/9ddd385/e460d36): the step-down from `max_tokens` to
 * `max_completion_tokens` is taken only on a refusal of the field itself, and a judge keeps it per
 * model. Before:
 * - vLLM's limit refused for its value ("'max_tokens' or 'max_completion_tokens' is too large: 8000.
 *   This model's maximum context length is 4096 tokens …", param null) names both fields, so the
 *   agent asked a second time under the other name (refused the same way) and sent
 *   `max_completion_tokens` for the rest of the run;
 * - one judge whose metrics name two models (`judge_config.judge_model`) on one server sent the model
 *   that takes `max_tokens` the field only the other wanted, once the other had refused
 *   (Azure on an older api-version: "Unrecognized request argument supplied: max_completion_tokens").
 * Real loopback server imitating those APIs.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RubricConfig } from '../../src/plan/schema.js';
import { HttpTransport } from '../../src/protocols/http/transport.js';
import { createOpenaiAdapter } from '../../src/protocols/openai/adapter.js';
import { createOpenaiJudge } from '../../src/protocols/openai-judge/openai-judge.js';
import { completion, type Reply, startCompatServer } from '../fixtures/qa19-openai-compat-server.js';
import { testContext } from './conformance.js';

const RUBRIC: RubricConfig = { dimensions: [{ id: 'relevance', description: 'Answers', weight: 1 }] };
const VERDICT = JSON.stringify({ dimensions: { relevance: 0.5 }, failureModes: [], rationale: 'ok' });

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

function error400(message: string, param: string | null, code: string | number | null): Reply {
  return { status: 400, json: { error: { message, type: 'BadRequestError', param, code } } };
}

describe('max_tokens step-down (QA120)', () => {
  it("does not step down on vLLM's limit refused for its value (both fields named)", async () => {
    const server = await startCompatServer((request) => {
      const asked = request.body.max_completion_tokens ?? request.body.max_tokens;
      if (typeof asked === 'number' && asked > 4000)
        return error400(
          `'max_tokens' or 'max_completion_tokens' is too large: ${asked}. This model's maximum context length is 4096 tokens and your request has 12 input tokens (${asked} > 4096 - 12). None`,
          null,
          400,
        );
      return completion('Paris');
    });
    const adapter = createOpenaiAdapter(
      { protocol: 'openai', url: `${server.url}/v1`, model: 'Qwen/Qwen2.5-7B-Instruct', maxTokens: 8000 },
      { transport: new HttpTransport({ retries: 0 }) },
    );
    cleanups.push(
      () => adapter.close(),
      () => server.close(),
    );
    const outcome = await adapter.invoke('capital of France?', testContext(AbortSignal.timeout(10_000)));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.error.kind).toBe('http_400');
      expect(outcome.error.message).toContain('is too large: 8000');
    }
    // asked once, with the field the plan's maxTokens is sent as
    expect(server.requests.map((r) => [r.body.max_tokens, r.body.max_completion_tokens])).toEqual([
      [8000, undefined],
    ]);
  });

  it('a judge steps down only the model that refused max_tokens (two models on one server)', async () => {
    const server = await startCompatServer((request) => {
      const { body } = request;
      if (body.model === 'o4-mini' && body.max_tokens !== undefined)
        return error400(
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          'max_tokens',
          'unsupported_parameter',
        );
      if (body.model === 'gpt-4o' && body.max_completion_tokens !== undefined)
        return error400('Unrecognized request argument supplied: max_completion_tokens', null, 'BadRequest');
      return completion(VERDICT);
    });
    const judge = createOpenaiJudge(
      {
        protocol: 'openai',
        url: `${server.url}/v1`,
        model: 'gpt-4o',
        rubric: 'r',
        temperature: 1,
        maxTokens: 600,
        limits: { retries: 0 },
      },
      { cwd: '.', rubrics: { r: RUBRIC } },
    );
    cleanups.push(
      () => judge.close(),
      () => server.close(),
    );
    const ask = (model: string) =>
      judge.judge({ content: 'answer', rubric: { name: 'r' }, model }, AbortSignal.timeout(10_000));
    const outcomes = [await ask('o4-mini'), await ask('gpt-4o'), await ask('o4-mini')];
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.message))).toEqual(['ok', 'ok', 'ok']);
    expect(
      server.requests.map((r) => [r.body.model, r.body.max_tokens, r.body.max_completion_tokens]),
    ).toEqual([
      ['o4-mini', 600, undefined],
      ['o4-mini', undefined, 600],
      ['gpt-4o', 600, undefined],
      ['o4-mini', undefined, 600],
    ]);
  });
});

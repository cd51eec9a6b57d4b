/**
 * QA73: verdicts as real models write them when they ignore `response_format` — more than one
 * JSON object in the reply, or the verdict handed back as a tool call. Real loopback server per
 * case (tests/fixtures/qa73-judge-message-server.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RubricConfig } from '../../src/plan/schema.js';
import { createOpenaiJudge } from '../../src/protocols/openai-judge/openai-judge.js';
import { sendJson, startLoopback } from '../fixtures/loopback.js';
import { startJudgeMessageServer } from '../fixtures/qa73-judge-message-server.js';

const RUBRIC: RubricConfig = {
  dimensions: [
    { id: 'relevance', description: 'Answers the question', weight: 0.5 },
    { id: 'accuracy', description: 'Correct', weight: 0.5 },
  ],
};
const verdict = (relevance: number, accuracy: number) =>
  JSON.stringify({ dimensions: { relevance, accuracy }, failureModes: [], rationale: 'fine' });

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** An openai judge (rubric `r`) on `server`'s `/v1`, closed with the server after the test. */
function openaiJudgeOn(server: { url: string; close(): Promise<void> }, extra: { maxTokens?: number } = {}) {
  const judge = createOpenaiJudge(
    { protocol: 'openai', url: `${server.url}/v1`, model: 'm', rubric: 'r', ...extra },
    { cwd: '.', rubrics: { r: RUBRIC } },
  );
  cleanups.push(
    () => judge.close(),
    () => server.close(),
  );
  return judge;
}

async function judgeWith(message: Record<string, unknown>, finishReason?: string) {
  const server = await startJudgeMessageServer(message, finishReason);
  const judge = openaiJudgeOn(server);
  const outcome = await judge.judge(
    { content: 'answer', rubric: { name: 'r' } },
    AbortSignal.timeout(10_000),
  );
  return { outcome, hits: server.hits(), message: outcome.ok ? '' : outcome.error.message };
}

describe('openai judge: a reply holding more than one JSON object', () => {
  it('takes neither of a draft and a final verdict that differ (it took the first, the draft)', async () => {
    const { outcome, message, hits } = await judgeWith({
      content: `Draft:\n\`\`\`json\n${verdict(0.1, 0.1)}\n\`\`\`\nOn reflection, final:\n\`\`\`json\n${verdict(0.8, 0.6)}\n\`\`\``,
    });
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? undefined : outcome.error.kind).toBe('judge_error');
    expect(message).toContain(
      '(the reply holds 2 different verdicts ({"relevance":0.1,"accuracy":0.1} then {"relevance":0.8,"accuracy":0.6}); evalc does not guess which one the model meant)',
    );
    expect(hits).toBe(2); // asked again once, as for any malformed reply
  });

  it('reads the verdict after the format it was shown', async () => {
    const { outcome } = await judgeWith({
      content: `The format is {"dimensions": {"relevance": <0..1>, "accuracy": <0..1>}}. My verdict: ${verdict(0.8, 0.6)}`,
    });
    expect(outcome).toMatchObject({ ok: true, verdict: { score: 0.7 } });
  });

  it('reads the same verdict written twice as one', async () => {
    const { outcome } = await judgeWith({ content: `${verdict(0.8, 0.6)}\n${verdict(0.8, 0.6)}` });
    expect(outcome).toMatchObject({ ok: true, verdict: { score: 0.7 } });
  });

  it('reads a verdict after a stray opening brace in prose', async () => {
    const { outcome } = await judgeWith({ content: `Scores use the set { 0..1 and\n${verdict(0.8, 0.6)}` });
    expect(outcome).toMatchObject({ ok: true, verdict: { score: 0.7 } });
  });

  it('quotes a reply that holds no JSON at all (a refusal in prose)', async () => {
    const { message } = await judgeWith({ content: "I'm sorry, but I can't\n evaluate this content." });
    expect(message).toMatch(/\(content is not JSON: "I'm sorry, but I can't evaluate this content\."\)$/);
    const long = await judgeWith({ content: `No. ${'x'.repeat(300)}` });
    expect(long.message).toContain(`(content is not JSON: "No. ${'x'.repeat(116)}…")`);
  });
});

describe('openai judge: a verdict handed back as a tool call', () => {
  it("reads the one tool call's arguments when content is null (LiteLLM's json_tool_call)", async () => {
    const { outcome } = await judgeWith(
      {
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'json_tool_call', arguments: verdict(0.8, 0.6) },
          },
        ],
      },
      'tool_calls',
    );
    expect(outcome).toMatchObject({ ok: true, verdict: { score: 0.7, dimensions: { relevance: 0.8 } } });
  });

  it('reads arguments sent as an object (Ollama)', async () => {
    const { outcome } = await judgeWith(
      {
        content: '',
        tool_calls: [{ function: { name: 'verdict', arguments: JSON.parse(verdict(0.4, 0.6)) } }],
      },
      'tool_calls',
    );
    expect(outcome).toMatchObject({ ok: true, verdict: { score: 0.5 } });
  });

  it('takes no verdict from two tool calls, and checks a tool call as any verdict', async () => {
    const two = await judgeWith(
      {
        content: null,
        tool_calls: [
          { function: { name: 'a', arguments: verdict(0.8, 0.6) } },
          { function: { name: 'b', arguments: verdict(0.8, 0.6) } },
        ],
      },
      'tool_calls',
    );
    expect(two.message).toMatch(/\(no message content, finish_reason: tool_calls\)$/);
    const outOfRange = await judgeWith(
      { content: null, tool_calls: [{ function: { name: 'a', arguments: verdict(8, 6) } }] },
      'tool_calls',
    );
    expect(outOfRange.message).toContain(
      '(/dimensions/relevance must be <= 1 (it is 8: scores are in [0,1], and evalc does not rescale a percentage or a 1–10 score) (read from the arguments of its tool call "a", sent instead of content), finish_reason: tool_calls)',
    );
  });
});

async function judgeRefusingJsonSchema(refusal: unknown) {
  const formats: string[] = [];
  const server = await startLoopback((_req, res, body) => {
    const format = (JSON.parse(body) as { response_format?: { type?: string } }).response_format?.type ?? '-';
    formats.push(format);
    if (format === 'json_schema') sendJson(res, 400, refusal);
    else
      sendJson(res, 200, {
        id: 'qa73',
        object: 'chat.completion',
        model: 'm',
        choices: [
          { index: 0, message: { role: 'assistant', content: verdict(0.8, 0.6) }, finish_reason: 'stop' },
        ],
      });
  });
  const judge = openaiJudgeOn(server);
  const outcome = await judge.judge({ content: 'a', rubric: { name: 'r' } }, AbortSignal.timeout(10_000));
  return { outcome, formats };
}

describe("openai judge: Gemini's OpenAI-compatible endpoint refusing a keyword of the verdict schema", () => {
  it('asks again with json_object', async () => {
    const message =
      'Invalid JSON payload received. Unknown name "additionalProperties" at \'generation_config.response_schema\': Cannot find field.';
    const { outcome, formats } = await judgeRefusingJsonSchema([
      { error: { code: 400, message, status: 'INVALID_ARGUMENT' } },
    ]);
    expect(outcome).toMatchObject({ ok: true, verdict: { score: 0.7 } });
    expect(formats).toEqual(['json_schema', 'json_object']);
  });
});

describe("openai judge: vLLM's xgrammar backend refusing the verdict schema", () => {
  it('asks again with json_object after "The provided JSON schema contains features not supported by xgrammar."', async () => {
    const formats: string[] = [];
    const server = await startLoopback((_req, res, body) => {
      const format =
        (JSON.parse(body) as { response_format?: { type?: string } }).response_format?.type ?? '-';
      formats.push(format);
      if (format === 'json_schema') {
        sendJson(res, 400, {
          object: 'error',
          message: 'The provided JSON schema contains features not supported by xgrammar.',
          type: 'BadRequestError',
          param: null,
          code: 400,
        });
        return;
      }
      sendJson(res, 200, {
        id: 'qa73',
        object: 'chat.completion',
        model: 'vllm-model',
        choices: [
          { index: 0, message: { role: 'assistant', content: verdict(0.8, 0.6) }, finish_reason: 'stop' },
        ],
      });
    });
    const judge = openaiJudgeOn(server);
    const first = await judge.judge({ content: 'a', rubric: { name: 'r' } }, AbortSignal.timeout(10_000));
    const second = await judge.judge({ content: 'b', rubric: { name: 'r' } }, AbortSignal.timeout(10_000));
    expect(first).toMatchObject({ ok: true, verdict: { score: 0.7 } });
    expect(first.ok ? first.verdict.warnings : []).toEqual([
      'the judge server refused response_format json_schema: asked with json_object (the verdict schema was checked by evalc only)',
    ]);
    expect(second).toMatchObject({ ok: true });
    expect(formats).toEqual(['json_schema', 'json_object', 'json_object']);
  });
});

describe('openai judge: a 200 reply without a choice', () => {
  async function judgeBody(body: unknown) {
    let hits = 0;
    const server = await startLoopback((_req, res) => {
      hits++;
      sendJson(res, 200, body);
    });
    const judge = openaiJudgeOn(server);
    const outcome = await judge.judge({ content: 'a', rubric: { name: 'r' } }, AbortSignal.timeout(10_000));
    return { error: outcome.ok ? undefined : outcome.error, hits };
  }

  it("is the gateway's error (OpenRouter's 200 with code 502), as for the openai agent", async () => {
    const { error, hits } = await judgeBody({ error: { message: 'Provider returned error', code: 502 } });
    expect(error).toMatchObject({ kind: 'http_502', retryable: true });
    expect(error?.message).toMatch(
      /\/v1\/chat\/completions: the server answered 200 with an error \(code 502\): Provider returned error$/,
    );
    // retried as a 502 status is, 1 + the judge's 3 retries (QA214: it was asked once)
    expect(hits).toBe(4);
  });

  it('is a contract_violation for choices: [] (README: the agent and the judge alike)', async () => {
    const { error } = await judgeBody({ id: 'x', object: 'chat.completion', model: 'm', choices: [] });
    expect(error).toMatchObject({ kind: 'contract_violation' });
    expect(error?.message).toMatch(/: chat completion has no choices\[0\]\.message$/);
  });
});

describe('openai judge: what a verdict out of the schema says', () => {
  it('names the score out of [0,1] and that a percentage is not rescaled', async () => {
    const pct = await judgeWith({ content: verdict(80, 60) });
    expect(pct.message).toMatch(
      /\(\/dimensions\/relevance must be <= 1 \(it is 80: scores are in \[0,1\], and evalc does not rescale a percentage or a 1–10 score\)\)$/,
    );
    const negative = await judgeWith({ content: verdict(-0.2, 0.6) });
    expect(negative.message).toMatch(/\(\/dimensions\/relevance must be >= 0 \(it is -0.2\)\)$/);
  });

  it("names the rubric's id a dimension written in another case stands for", async () => {
    const { message } = await judgeWith({
      content: JSON.stringify({
        dimensions: { Relevance: 0.8, accuracy: 0.6 },
        failureModes: [],
        rationale: 'r',
      }),
    });
    expect(message).toMatch(
      /\(\/dimensions has "Relevance" where the rubric has "relevance" \(dimension ids are matched exactly\)\)$/,
    );
  });

  it('names a failure mode the rubric does not define', async () => {
    const { message } = await judgeWith({
      content: JSON.stringify({
        dimensions: { relevance: 0.8, accuracy: 0.6 },
        failureModes: ['hallucination'],
        rationale: 'r',
      }),
    });
    expect(message).toMatch(
      /\(\/failureModes has "hallucination", which the rubric does not define \(it defines none\)\)$/,
    );
  });
});

describe('openai judge: only reasoning_content, content null', () => {
  it('is no verdict, and says so when the reasoning is itself a whole verdict (a reasoning parser that took the answer)', async () => {
    const whole = await judgeWith({ content: null, reasoning_content: verdict(0.8, 0.6) });
    expect(whole.outcome.ok).toBe(false);
    expect(whole.message).toContain(
      "(only reasoning, no answer after it (the reasoning is a whole verdict: the server's reasoning parser may have taken the answer for thoughts",
    );
    const thoughts = await judgeWith({
      content: null,
      reasoning_content: `Let me think. ${verdict(0.8, 0.6)}`,
    });
    expect(thoughts.message).toMatch(/\(only reasoning, no answer after it\)$/);
    // OpenRouter and Ollama name it `reasoning`
    const cut = await judgeWith({ content: null, reasoning: 'Let me weigh relevance first, then' }, 'length');
    expect(cut.message).toContain('(only reasoning, no answer after it, cut off at the token limit');
  });
});

describe('readVerdict on hostile replies', () => {
  it('answers at once for 200 kB of unclosed openings or of tiny objects', async () => {
    const { readVerdict } = await import('../../src/protocols/openai-judge/read-verdict.js');
    const { compileVerdictValidator } = await import('../../src/protocols/openai-judge/verdict-schema.js');
    const { toWireRubric } = await import('../../src/protocols/rubrics/wire-rubric.js');
    const check = compileVerdictValidator(toWireRubric('r', RUBRIC));
    const started = performance.now();
    expect(readVerdict(`${'{'.repeat(200_000)}${verdict(0.8, 0.6)}`, check).ok).toBe(false);
    expect(readVerdict(`${'{"a":1} '.repeat(25_000)}${verdict(0.8, 0.6)}`, check).ok).toBe(false);
    expect(readVerdict(`${'{"a":1} '.repeat(10)}${verdict(0.8, 0.6)}`, check).ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('openai judge: maxTokens', () => {
  async function judgeRecording(maxTokens: number | undefined, finishReason = 'stop') {
    const bodies: Record<string, unknown>[] = [];
    const server = await startLoopback((_req, res, body) => {
      bodies.push(JSON.parse(body) as Record<string, unknown>);
      const content = finishReason === 'length' ? verdict(0.8, 0.6).slice(0, 30) : verdict(0.8, 0.6);
      sendJson(res, 200, {
        id: 'qa73',
        object: 'chat.completion',
        model: 'm',
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
      });
    });
    const judge = openaiJudgeOn(server, maxTokens ? { maxTokens } : {});
    const outcome = await judge.judge({ content: 'a', rubric: { name: 'r' } }, AbortSignal.timeout(10_000));
    return { outcome, bodies };
  }

  it('is sent as max_tokens when set, and not sent otherwise', async () => {
    const set = await judgeRecording(4096);
    expect(set.outcome).toMatchObject({ ok: true });
    expect(set.bodies[0]?.max_tokens).toBe(4096);
    const unset = await judgeRecording(undefined);
    expect(unset.bodies[0]).not.toHaveProperty('max_tokens');
  });

  it('is named when a verdict is cut at the token limit', async () => {
    const unset = await judgeRecording(undefined, 'length');
    expect(unset.outcome.ok ? '' : unset.outcome.error.message).toContain(
      "(finish_reason: length; set the judge's maxTokens)",
    );
    const set = await judgeRecording(256, 'length');
    expect(set.outcome.ok ? '' : set.outcome.error.message).toContain(
      "(finish_reason: length; the judge's maxTokens is 256)",
    );
  });
});

/**
 * QA9: an OpenAI-compatible judge whose model ignores `response_format` (local servers often
 * do): prose around the verdict, quoted scores, a reply cut at the token limit. Real loopback
 * server per case (tests/fixtures/qa9-judge-reply-server.ts).
 */
import { describe, expect, it } from 'vitest';
import type { RubricConfig } from '../../src/plan/schema.js';
import { useOpenaiJudgeOnce } from '../fixtures/openai-judge-once.js';
import { type JudgeReply, startJudgeReplyServer } from '../fixtures/qa9-judge-reply-server.js';

const RUBRIC: RubricConfig = {
  dimensions: [
    { id: 'relevance', description: 'Answers the question', weight: 0.5 },
    { id: 'accuracy', description: 'Correct', weight: 0.5 },
  ],
};
const VERDICT = { dimensions: { relevance: 0.8, accuracy: 0.6 }, failureModes: [], rationale: 'fine' };

const judgeAt = useOpenaiJudgeOnce(RUBRIC);

async function judgeWith(reply: JudgeReply) {
  const server = await startJudgeReplyServer(reply);
  const outcome = await judgeAt(server);
  return { outcome, hits: server.hits() };
}

describe('openai judge: replies of models that ignore response_format', () => {
  it('reads a verdict wrapped in prose', async () => {
    const { outcome } = await judgeWith({
      content: `Sure! Here is my evaluation:\n${JSON.stringify(VERDICT)}\nLet me know if you need more.`,
    });
    expect(outcome).toMatchObject({ ok: true, verdict: { score: 0.7, dimensions: VERDICT.dimensions } });
  });

  it('reads a fenced verdict with prose before the fence', async () => {
    const { outcome } = await judgeWith({
      content: `My verdict:\n\`\`\`json\n${JSON.stringify(VERDICT, null, 2)}\n\`\`\`\nThanks.`,
    });
    expect(outcome).toMatchObject({ ok: true, verdict: { score: 0.7 } });
  });

  it('reads scores written as decimal strings, and still rejects words and out-of-range scores', async () => {
    const quoted = await judgeWith({
      content: JSON.stringify({ ...VERDICT, dimensions: { relevance: '0.8', accuracy: '0.6' } }),
    });
    expect(quoted.outcome).toMatchObject({
      ok: true,
      verdict: { score: 0.7, dimensions: VERDICT.dimensions },
    });
    const words = await judgeWith({
      content: JSON.stringify({ ...VERDICT, dimensions: { relevance: 'high', accuracy: '0.6' } }),
    });
    expect(words.outcome).toMatchObject({ ok: false, error: { kind: 'judge_error' } });
    const sevenOfFive = await judgeWith({
      content: JSON.stringify({ ...VERDICT, dimensions: { relevance: '7', accuracy: 4 } }),
    });
    expect(sevenOfFive.outcome.ok ? '' : sevenOfFive.outcome.error.message).toContain(
      '/dimensions/relevance must be <= 1',
    );
  });

  it('says a verdict was cut off at the token limit (finish_reason: length), after its retry', async () => {
    const { outcome, hits } = await judgeWith({
      content: JSON.stringify(VERDICT).slice(0, 40),
      finishReason: 'length',
    });
    expect(hits).toBe(2);
    expect(outcome.ok ? '' : outcome.error.message).toMatch(
      /reply is not a valid verdict after 2 attempts \(content is not JSON, cut off at the token limit \(finish_reason: length; set the judge's maxTokens\)\)$/,
    );
  });

  it('names another finish_reason (content_filter) when the verdict is missing', async () => {
    const { outcome } = await judgeWith({ content: null, finishReason: 'content_filter' });
    expect(outcome.ok ? '' : outcome.error.message).toMatch(
      /\(no message content, finish_reason: content_filter\)$/,
    );
  });

  it('says a bare NaN is not a score (a Python-written verdict), and only then', async () => {
    const { outcome } = await judgeWith({
      content: '{"dimensions": {"relevance": NaN, "accuracy": 0.6}, "failureModes": [], "rationale": "n/a"}',
    });
    expect(outcome.ok ? '' : outcome.error.message).toContain(
      '(content is not JSON (a bare NaN or Infinity is not a JSON number, nor a score))',
    );
    const quoted = await judgeWith({ content: 'I would say "NaN" here, {not json}' });
    expect(quoted.outcome.ok ? '' : quoted.outcome.error.message).toContain('(content is not JSON)');
  });

  it('still rejects prose with no verdict in it', async () => {
    const { outcome } = await judgeWith({ content: 'I think the answer is {mostly} fine, 4/5.' });
    expect(outcome.ok ? '' : outcome.error.message).toContain('(content is not JSON)');
  });

  it("quotes a FastAPI gateway's 401 detail in the auth_error", async () => {
    const { outcome, hits } = await judgeWith({ content: null, status: 401, detail: 'Invalid API key' });
    expect(hits).toBe(1);
    expect(outcome.ok ? '' : outcome.error).toMatchObject({
      kind: 'auth_error',
      message: expect.stringMatching(/: HTTP 401; check the judge's headers: Invalid API key$/),
    });
  });
});

/**
 * Regression (QA): an OpenAI-compatible judge whose verdict carries keys beyond the requested
 * schema (a server that does not enforce `strict`, or a model that also writes agent-eval's
 * `composite`/`wins` or a `reasoning` field) is scored from its dimensions instead of failing
 * with judge_error "(root) must NOT have additional properties". Dimension ids stay exact.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RubricConfig } from '../../src/plan/schema.js';
import { createOpenaiJudge } from '../../src/protocols/openai-judge/openai-judge.js';
import { startQaVerdictServer } from '../fixtures/qa-openai-verdict-server.js';

const RUBRIC: RubricConfig = {
  dimensions: [
    { id: 'relevance', description: 'Answers the question asked', weight: 0.75 },
    { id: 'accuracy', description: 'Facts are correct', weight: 0.25 },
  ],
  failureModes: ['invented-course'],
};

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function judgeWith(verdict: unknown) {
  const server = await startQaVerdictServer(verdict);
  const judge = createOpenaiJudge(
    { protocol: 'openai', url: server.url, model: 'qwen2.5' },
    { cwd: '.', rubrics: { 'course-advice': RUBRIC }, judgeErrorRetries: 0 },
  );
  cleanups.push(
    () => judge.close(),
    () => server.close(),
  );
  const outcome = await judge.judge(
    { content: 'CS229 covers ML', rubric: { name: 'course-advice' } },
    AbortSignal.timeout(10_000),
  );
  return { outcome, server };
}

describe('openai judge verdict with extra keys', () => {
  it('ignores extra top-level keys and computes the composite from the dimensions', async () => {
    const { outcome, server } = await judgeWith({
      dimensions: { relevance: 1, accuracy: 0.2 },
      failureModes: [],
      rationale: 'relevant but one fact is off',
      composite: 0.99,
      wins: ['specific'],
      reasoning: 'step by step',
    });
    expect(outcome.ok ? outcome.verdict : outcome.error).toMatchObject({
      dimensions: { relevance: 1, accuracy: 0.2 },
      failureModes: [],
      rationale: 'relevant but one fact is off',
    });
    // 0.75·1 + 0.25·0.2 = 0.8, not the model's own 0.99
    expect(outcome.ok ? outcome.verdict.score : undefined).toBeCloseTo(0.8, 12);
    expect(server.requests).toHaveLength(1);
  });

  it('still rejects a dimension id that is not in the rubric', async () => {
    const { outcome } = await judgeWith({
      dimensions: { relevance: 1, accuracy: 0.2, tone: 0.5 },
      failureModes: [],
      rationale: 'r',
    });
    expect(outcome.ok ? 'ok' : outcome.error.kind).toBe('judge_error');
  });
});

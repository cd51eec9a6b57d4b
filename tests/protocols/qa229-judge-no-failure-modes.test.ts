/**
 * QA229: an OpenAI-compatible judge whose model drops `failureModes` (or writes `null`) for a
 * rubric that defines none — common without json_schema, where the empty list is left out — had
 * every verdict refused, judge_error "(root) must have required property 'failureModes'". Such a
 * verdict now reads as `failureModes: []`; a rubric that defines failure modes still needs the list.
 * Real loopback judge (tests/fixtures/qa-openai-verdict-server.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RubricConfig } from '../../src/plan/schema.js';
import { createOpenaiJudge } from '../../src/protocols/openai-judge/openai-judge.js';
import { startQaVerdictServer } from '../fixtures/qa-openai-verdict-server.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

async function judgeWith(verdict: unknown, failureModes: string[]) {
  const rubric: RubricConfig = {
    dimensions: [{ id: 'relevance', description: 'Answers the question asked', weight: 1 }],
    failureModes,
  };
  const server = await startQaVerdictServer(verdict);
  const judge = createOpenaiJudge(
    { protocol: 'openai', url: server.url, model: 'qwen2.5' },
    { cwd: '.', rubrics: { r: rubric }, judgeErrorRetries: 0 },
  );
  cleanups.push(
    () => judge.close(),
    () => server.close(),
  );
  return judge.judge({ content: 'CS229 covers ML', rubric: { name: 'r' } }, AbortSignal.timeout(10_000));
}

describe('an openai judge verdict without failureModes (QA229)', () => {
  it('reads as no failure modes when the rubric defines none', async () => {
    for (const verdict of [
      { dimensions: { relevance: 0.8 }, rationale: 'on topic' },
      { dimensions: { relevance: 0.8 }, failureModes: null, rationale: 'on topic' },
    ]) {
      const outcome = await judgeWith(verdict, []);
      expect(outcome.ok ? outcome.verdict : outcome.error).toMatchObject({
        score: 0.8,
        failureModes: [],
        rationale: 'on topic',
      });
    }
  });

  it('is still refused when the rubric defines failure modes', async () => {
    const outcome = await judgeWith({ dimensions: { relevance: 0.8 }, rationale: 'on topic' }, [
      'invented-course',
    ]);
    expect(outcome.ok ? 'ok' : outcome.error.message).toContain("must have required property 'failureModes'");
  });
});

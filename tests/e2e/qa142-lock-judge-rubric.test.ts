/**
 * QA142: DESIGN §5 says evalc.lock records "each judge: protocol, model, rubric and rubricVersion".
 * The lock's `rubric` was the judge's own `rubric:` setting, whatever its metrics used: DESIGN §2's
 * `llm` judge (an openai judge with no `rubric:`, its metric naming the rubric) was pinned with no
 * rubric at all, and an agent-eval judge set to `course-advice` whose only metric judged with
 * `rubric: brevity` was pinned as `rubric: course-advice` beside `rubricVersion: brevity@…`. The
 * lock now names the rubrics the judge's metrics used, sorted and ` | `-joined like their tags.
 * Real loopback judges: tests/fixtures/agent-eval-server.ts and openai-judge-server.ts.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAgentEvalServer, startAgentEvalServer } from '../fixtures/agent-eval-server.js';
import { type FakeOpenaiJudge, startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { countingExamples, readLock, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const ctx = useCountingAgent();
let strict: FakeAgentEvalServer;
let llm: FakeOpenaiJudge;

beforeAll(async () => {
  strict = await startAgentEvalServer();
  llm = await startOpenaiJudgeServer();
});
afterAll(async () => {
  await strict.close();
  await llm.close();
});

const rubrics = {
  'course-advice': {
    dimensions: [
      { id: 'relevance', description: 'Answers the question asked', weight: 0.5 },
      { id: 'accuracy', description: 'Course facts are correct', weight: 0.5 },
    ],
  },
  brevity: { dimensions: [{ id: 'short', description: 'Short answer' }] },
};

function judgesOf(dir: string): Record<string, Record<string, unknown>> {
  return (JSON.parse(readLock(dir)) as { judges: Record<string, Record<string, unknown>> }).judges;
}

describe('evalc.lock pins the rubrics each judge was used with (QA142)', () => {
  it('names the metrics’ rubrics: none on the judge, another than the judge’s, and two at once', async () => {
    const dir = ctx.workspace('qa142-lock-judge-rubric');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const judge = (judgeId: string, rubric?: string, id?: string) => ({
      type: 'judge',
      judge: judgeId,
      content: '{{candidate.answer}}',
      ...(rubric ? { rubric } : {}),
      ...(id ? { id } : {}),
    });
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa142', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
      judges: {
        // DESIGN §2's two judges: an agent-eval one with a rubric, an openai one without.
        strict: { protocol: 'agent-eval', url: strict.url, rubric: 'course-advice' },
        llm: { protocol: 'openai', url: llm.url, model: 'qwen2.5', temperature: 0 },
        same: { protocol: 'agent-eval', url: strict.url, rubric: 'course-advice' },
      },
      rubrics,
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [
            judge('strict', 'brevity', 's'),
            judge('llm', 'course-advice', 'l1'),
            judge('llm', 'brevity', 'l2'),
            judge('same', undefined, 'c'),
          ],
        },
      },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { CI: 'true' } });
    expect(run.code).toBe(0);
    const judges = judgesOf(dir);
    expect(judges.strict?.rubric).toBe('brevity');
    expect(String(judges.strict?.rubricVersion)).toMatch(/^brevity@sha256-rfc8785:[0-9a-f]{64}$/);
    expect(judges.llm?.rubric).toBe('brevity | course-advice');
    expect(String(judges.llm?.rubricVersion)).toMatch(
      /^brevity@sha256-rfc8785:[0-9a-f]{64} \| course-advice@sha256-rfc8785:[0-9a-f]{64}$/,
    );
    // A judge whose metrics use its own rubric is pinned as before.
    expect(judges.same?.rubric).toBe('course-advice');

    // Re-applied from the cache, the lockfile is byte-identical (DESIGN §5).
    const before = readLock(dir);
    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { CI: 'true' } });
    expect(again.code).toBe(0);
    expect(readLock(dir)).toBe(before);
  });
});

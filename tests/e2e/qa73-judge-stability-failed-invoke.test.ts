/**
 * QA73: `judge_stability` measures the judge, so a repeat whose invoke failed — scored 0 by every
 * metric, the judge never asked — is no verdict of it. A judge that gave 0.7 on both repeats it
 * was asked read as 0.3 stable when the third repeat's invoke failed; one that failed on every
 * repeat it was asked read as perfectly stable (1) from the failed invoke's 0. Real loopback
 * `http` agent (its second call per question answers 400) and OpenAI-compatible judge.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { type FakeOpenaiJudge, startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { assertBuilt, lockResults, runCli, tempWorkspace } from './apply-harness.js';

let agent: Loopback;
let judge: FakeOpenaiJudge;
let brokenJudge: FakeOpenaiJudge;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  const calls = new Map<string, number>();
  agent = await startLoopback((_req, res, body) => {
    const q = String((JSON.parse(body) as { q?: unknown }).q);
    const n = (calls.get(q) ?? 0) + 1;
    calls.set(q, n);
    if (n === 2) sendJson(res, 400, { error: 'bad luck' });
    else sendJson(res, 200, { answer: q });
  });
  judge = await startOpenaiJudgeServer();
  brokenJudge = await startOpenaiJudgeServer({ malformedTimes: 1000 });
});
afterAll(async () => {
  await Promise.all([agent.close(), judge.close(), brokenJudge.close()]);
  for (const cleanup of cleanups) cleanup();
});

function planFor(judgeUrl: string, benchmark: string) {
  const ws = tempWorkspace(`qa73-${benchmark}`);
  cleanups.push(ws.cleanup);
  writeFileSync(
    path.join(ws.dir, 'd.jsonl'),
    `${JSON.stringify({ id: 'e1', vars: { q: `overall=0.7 ${benchmark}` } })}\n`,
  );
  const plan = {
    evalc: 1,
    benchmark: { id: benchmark, version: '1.0.0' },
    agents: { a: { protocol: 'http', url: `${agent.url}/ask`, response: 'answer', limits: { retries: 0 } } },
    judges: { j: { protocol: 'openai', url: judgeUrl, model: 'm', rubric: 'r' } },
    rubrics: { r: { dimensions: [{ id: 'overall', description: 'overall quality', weight: 1 }] } },
    tasks: {
      t: {
        bindings: { default: { input: { q: '{{q}}' }, output: { answer: '@' } } },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [
          { type: 'judge', judge: 'j', content: '{{candidate.answer}}' },
          { type: 'judge_stability' },
        ],
      },
    },
    run: { repeats: 3, seed: 7 },
  };
  writeFileSync(path.join(ws.dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
  return ws.dir;
}

describe('judge_stability over repeats whose invoke failed (QA73)', () => {
  it('leaves the failed repeat out: a judge giving 0.7 twice is stable', async () => {
    const dir = planFor(judge.url, 'steady');
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(apply.code).toBe(0);
    const [row] = lockResults(dir);
    expect(row?.errors).toEqual([null, 'http_400', null]);
    expect(row?.metrics.judge_stability).toMatchObject({ score: 1, value: 0 });
  });

  it('has no score when the judge failed on every repeat it was asked', async () => {
    const dir = planFor(brokenJudge.url, 'broken');
    await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    const [row] = lockResults(dir);
    expect(row?.metrics.judge).toMatchObject({ error: 'judge_error', errors: 2 });
    expect(row?.metrics.judge_stability?.score ?? null).toBeNull();
  });
});

/**
 * QA305 (beside QA302's 1a777ee5): 'judge oj scored nothing: …; the first: …' names the lock's first
 * failed call, and the lock's rows are sorted by group id: a plan whose task zz comes before task aa
 * named zz's 404, though the lock's first row, aa's, failed 401.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { sendJson } from '../fixtures/loopback.js';
import { assertBuilt, runCli } from './apply-harness.js';
import {
  answeringAgentFolder,
  judgedTask,
  openaiJudgedPlan,
  startTestLoopback,
} from './openai-judged-plan.js';

beforeAll(() => assertBuilt());

it("a judge failing in two tasks names the lock's first row's failure, not the plan's first task's", async () => {
  const { dir, agentUrl } = await answeringAgentFolder('qa305-judge-first', (q) => `answer-${q}`);
  const judge = await startTestLoopback((_req, res, body) => {
    if (body.includes('answer-x')) sendJson(res, 401, { error: { message: 'aa key refused' } });
    else sendJson(res, 404, { error: { message: 'zz model missing', code: 'model_not_found' } });
  });
  writeFileSync(path.join(dir, 'dx.jsonl'), '{"id":"q1","vars":{"q":"x"},"expected":{"answer":"4"}}\n');
  writeFileSync(path.join(dir, 'dy.jsonl'), '{"id":"q1","vars":{"q":"y"},"expected":{"answer":"4"}}\n');
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    openaiJudgedPlan(
      agentUrl,
      `{ protocol: openai, url: "${judge.url}/v1", model: m, limits: { retries: 0 } }`,
      {
        tasks: `  zz:${judgedTask('dy.jsonl')}\n  aa:${judgedTask('dx.jsonl')}`,
      },
    ),
  );
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
  expect(run.code, run.stderr).toBe(1);
  const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8'));
  expect(lock.results.map((r: { group: string }) => r.group)).toEqual(['a1/aa/d', 'a1/zz/d']);
  const line = run.stderr.split('\n').find((l) => l.startsWith('evalc: judge oj scored nothing'));
  expect(line, run.stderr).toMatch(
    /; the first: POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: .*aa key refused/,
  );
  const json = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir });
  const result = JSON.parse(json.stdout.trim().split('\n').at(-1) ?? '{}');
  expect(result.failedJudges[0].first).toContain('aa key refused');
});

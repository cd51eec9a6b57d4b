/**
 * QA302 (left by QA295): 'judge oj scored nothing: …; the first: …' and `--json`'s `first` named the
 * failed call whose reply came back first, so a judge failing two ways said one or the other by
 * timing. It is now the lock's first failed call (group, example, repeat, metric): here q1's 401,
 * whose reply is held until q2's 404 has been sent.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { sendJson } from '../fixtures/loopback.js';
import { assertBuilt, runCli } from './apply-harness.js';
import {
  answeringAgentFolder,
  openaiJudgedPlan,
  startTestLoopback,
  TWO_EXAMPLES,
} from './openai-judged-plan.js';

beforeAll(() => assertBuilt());

it("a judge failing two ways names the lock's first failure, not the quicker reply", async () => {
  const { dir, agentUrl } = await answeringAgentFolder('qa302-judge-first', (q) => `answer-${q}`);
  const order: string[] = [];
  let secondSent: () => void = () => {};
  let sent: Promise<void> = Promise.resolve();
  const arm = () => {
    order.length = 0;
    sent = new Promise<void>((resolve) => {
      secondSent = resolve;
    });
  };
  const judge = await startTestLoopback(async (_req, res, body) => {
    if (body.includes('answer-x')) {
      // q1's reply waits for q2's (at most 5 s, should the calls not overlap).
      await Promise.race([sent, new Promise((r) => setTimeout(r, 5000))]);
      sendJson(res, 401, { error: { message: 'q1 key refused' } });
      order.push('q1');
    } else {
      sendJson(res, 404, { error: { message: 'q2 model missing', code: 'model_not_found' } });
      order.push('q2');
      secondSent();
    }
  });
  writeFileSync(path.join(dir, 'd.jsonl'), TWO_EXAMPLES);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    openaiJudgedPlan(
      agentUrl,
      `{ protocol: openai, url: "${judge.url}/v1", model: m, limits: { retries: 0, concurrency: 2 } }`,
      {
        run: '{ concurrency: 2 }',
      },
    ),
  );
  arm();
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
  expect(run.code, run.stderr).toBe(1);
  // The replies came back q2 first: the test holds what it says.
  expect(order).toEqual(['q2', 'q1']);
  const line = run.stderr.split('\n').find((l) => l.startsWith('evalc: judge oj scored nothing'));
  expect(line, run.stderr).toMatch(
    /; the first: POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: .*q1 key refused/,
  );
  expect(line).not.toContain('q2 model missing');
  arm();
  const json = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir });
  expect(order).toEqual(['q2', 'q1']);
  const result = JSON.parse(json.stdout.trim().split('\n').at(-1) ?? '{}');
  expect(result.failedJudges).toHaveLength(1);
  expect(Object.keys(result.failedJudges[0].kinds)).toHaveLength(2);
  expect(result.failedJudges[0].first).toContain('q1 key refused');
});

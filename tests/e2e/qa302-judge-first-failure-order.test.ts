/**
 * QA302 (left by QA295): 'judge oj scored nothing: …; the first: …' and `--json`'s `first` named the
 * failed call whose reply came back first, so a judge failing two ways said one or the other by
 * timing. It is now the lock's first failed call (group, example, repeat, metric): here q1's 401,
 * whose reply is held until q2's 404 has been sent.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { sendJson, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
beforeAll(() => assertBuilt());

it("a judge failing two ways names the lock's first failure, not the quicker reply", async () => {
  const ws = tempWorkspace('qa302-judge-first');
  cleanups.push(ws.cleanup);
  const agent = await startLoopback((_req, res, body) => {
    const q = (JSON.parse(body) as { q: string }).q;
    sendJson(res, 200, { answer: `answer-${q}` });
  });
  cleanups.push(() => agent.close());
  const order: string[] = [];
  let secondSent: () => void = () => {};
  let sent: Promise<void> = Promise.resolve();
  const arm = () => {
    order.length = 0;
    sent = new Promise<void>((resolve) => {
      secondSent = resolve;
    });
  };
  const judge = await startLoopback(async (_req, res, body) => {
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
  cleanups.push(() => judge.close());
  writeFileSync(
    path.join(ws.dir, 'd.jsonl'),
    '{"id":"q1","vars":{"q":"x"},"expected":{"answer":"4"}}\n{"id":"q2","vars":{"q":"y"},"expected":{"answer":"4"}}\n',
  );
  writeFileSync(
    path.join(ws.dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b, version: 0.1.0 }
run: { concurrency: 2 }
agents:
  a1: { protocol: http, url: "${agent.url}/x" }
judges:
  oj: { protocol: openai, url: "${judge.url}/v1", model: m, limits: { retries: 0, concurrency: 2 } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [{ type: judge, id: j, judge: oj, content: "{{candidate.answer}}" }]
`,
  );
  arm();
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
  expect(run.code, run.stderr).toBe(1);
  // The replies came back q2 first: the test holds what it says.
  expect(order).toEqual(['q2', 'q1']);
  const line = run.stderr.split('\n').find((l) => l.startsWith('evalc: judge oj scored nothing'));
  expect(line, run.stderr).toMatch(
    /; the first: POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: .*q1 key refused/,
  );
  expect(line).not.toContain('q2 model missing');
  arm();
  const json = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
  expect(order).toEqual(['q2', 'q1']);
  const result = JSON.parse(json.stdout.trim().split('\n').at(-1) ?? '{}');
  expect(result.failedJudges).toHaveLength(1);
  expect(Object.keys(result.failedJudges[0].kinds)).toHaveLength(2);
  expect(result.failedJudges[0].first).toContain('q1 key refused');
});

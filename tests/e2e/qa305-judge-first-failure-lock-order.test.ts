/**
 * QA305 (beside QA302's 1a777ee5): 'judge oj scored nothing: …; the first: …' names the lock's first
 * failed call, and the lock's rows are sorted by group id: a plan whose task zz comes before task aa
 * named zz's 404, though the lock's first row, aa's, failed 401.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { sendJson, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
beforeAll(() => assertBuilt());

it("a judge failing in two tasks names the lock's first row's failure, not the plan's first task's", async () => {
  const ws = tempWorkspace('qa305-judge-first');
  cleanups.push(ws.cleanup);
  const agent = await startLoopback((_req, res, body) => {
    sendJson(res, 200, { answer: `answer-${(JSON.parse(body) as { q: string }).q}` });
  });
  cleanups.push(() => agent.close());
  const judge = await startLoopback((_req, res, body) => {
    if (body.includes('answer-x')) sendJson(res, 401, { error: { message: 'aa key refused' } });
    else sendJson(res, 404, { error: { message: 'zz model missing', code: 'model_not_found' } });
  });
  cleanups.push(() => judge.close());
  writeFileSync(path.join(ws.dir, 'dx.jsonl'), '{"id":"q1","vars":{"q":"x"},"expected":{"answer":"4"}}\n');
  writeFileSync(path.join(ws.dir, 'dy.jsonl'), '{"id":"q1","vars":{"q":"y"},"expected":{"answer":"4"}}\n');
  const task = (source: string) => `
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }
    datasets: { d: { source: ${source} } }
    metrics: [{ type: judge, id: j, judge: oj, content: "{{candidate.answer}}" }]`;
  writeFileSync(
    path.join(ws.dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b, version: 0.1.0 }
agents:
  a1: { protocol: http, url: "${agent.url}/x" }
judges:
  oj: { protocol: openai, url: "${judge.url}/v1", model: m, limits: { retries: 0 } }
tasks:
  zz:${task('dy.jsonl')}
  aa:${task('dx.jsonl')}
`,
  );
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
  expect(run.code, run.stderr).toBe(1);
  const lock = JSON.parse(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8'));
  expect(lock.results.map((r: { group: string }) => r.group)).toEqual(['a1/aa/d', 'a1/zz/d']);
  const line = run.stderr.split('\n').find((l) => l.startsWith('evalc: judge oj scored nothing'));
  expect(line, run.stderr).toMatch(
    /; the first: POST http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions: .*aa key refused/,
  );
  const json = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
  const result = JSON.parse(json.stdout.trim().split('\n').at(-1) ?? '{}');
  expect(result.failedJudges[0].first).toContain('aa key refused');
});

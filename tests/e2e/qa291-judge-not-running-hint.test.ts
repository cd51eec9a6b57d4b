/**
 * QA291 (the case next to QA286's dc88f7ba, for judges): an agent-eval judge that nothing listens
 * for (refused, a host with no route or not found) was said 'judge j is not usable: GET …/v1/version:
 * connection refused (nothing listening there) (ECONNREFUSED)' and no more, where an agent at such
 * a url is asked 'is the agent running at …? Start it, or let evalc start it with `serve:`'.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
beforeAll(() => assertBuilt());

it('an agent-eval judge refused at its url is asked whether it runs there', async () => {
  const ws = tempWorkspace('qa291-judge-hint');
  cleanups.push(ws.cleanup);
  const agentPort = await freePort();
  const judgePort = await freePort();
  writeFileSync(path.join(ws.dir, 'd.jsonl'), '{"id":"q1","vars":{"q":"x"},"expected":{"answer":"4"}}\n');
  writeFileSync(
    path.join(ws.dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b, version: 0.1.0 }
agents:
  a1: { protocol: http, url: "http://127.0.0.1:${agentPort}/x", limits: { retries: 0 } }
judges:
  j: { protocol: agent-eval, url: "http://127.0.0.1:${judgePort}", rubric: rb, limits: { retries: 0 } }
rubrics:
  rb: { dimensions: [{ id: relevance, description: "Answers the question", weight: 1 }] }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [{ type: judge, judge: j, content: "{{candidate.answer}}" }]
`,
  );
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).toContain(
    `evalc: judge j is not usable: GET http://127.0.0.1:${judgePort}/v1/version: connection refused (nothing listening there) (ECONNREFUSED)\n` +
      `  is the judge running at http://127.0.0.1:${judgePort}? Start it, or let evalc start it with \`serve:\` in the plan\n` +
      '  the run goes on: its metrics record judge_error (the next apply asks it again)\n',
  );
});

/**
 * QA269: an `openai` agent that is not running (nothing listening at its url, no `serve:`) failed
 * its preflight with `evalc: agent a1: preflight: the first 2 examples all failed (transport_error);
 * they were a1's whole batch` and nothing else on the console: not the url tried, not what to do
 * (an `openai` agent has no discovery, whose failure says both). The line is now followed by the
 * first failed example's message and the url as evalc.lock records it (no `user:password@`, the
 * query's credential masked).
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

function workspace(url: string, serve = ''): string {
  const ws = tempWorkspace('qa269-refused');
  cleanups.push(ws.cleanup);
  writeFileSync(
    path.join(ws.dir, 'd.jsonl'),
    '{"id":"q1","vars":{"question":"2+2?"},"expected":{"answer":"4"}}\n{"id":"q2","vars":{"question":"3+3?"},"expected":{"answer":"6"}}\n',
  );
  writeFileSync(
    path.join(ws.dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: b, version: 0.1.0 }
agents:
  a1: { protocol: openai, url: "${url}", model: m1, limits: { retries: 0 }${serve} }
tasks:
  t:
    bindings: { default: { input: "{{question}}", output: { answer: content } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [{ type: exact_match, candidate: answer, expected: answer }]
`,
  );
  return ws.dir;
}

it('a refused preflight names the url tried and asks whether the agent runs there', async () => {
  const port = await freePort();
  const dir = workspace(`http://user:pw@127.0.0.1:${port}/v1?api-key=sk-live-qa269secret`);
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).toContain(
    `evalc: agent a1: preflight: the first 2 examples all failed (transport_error); they were a1's whole batch\n` +
      `  t/d/q1: transport_error: POST http://127.0.0.1:${port}/v1/chat/completions: connection refused (nothing listening there) (ECONNREFUSED)\n` +
      `  is the agent running at http://127.0.0.1:${port}/v1?api-key=***? Start it, or let evalc start it with \`serve:\` in the plan\n`,
  );
  expect(run.stderr).not.toContain('qa269secret');
  expect(run.stderr).not.toContain('user:pw');
});

/**
 * QA336: report.md's and report.html's verdict said 'judge oj scored nothing (every call failed)'
 * of a judge none of whose calls was made (every input over its limits.maxInputBytes, refused
 * before sending: metric_error). It now says what failed, by kind, as apply's stderr does:
 * '(every score failed: metric_error 2)'; a judge whose calls did fail keeps '(every call
 * failed)'. That judge is an `openai` one answering 500, whose failures are recorded `http_500`
 * (the protocol notes' `transport_http_<code>`, as an agent's 500), not `judge_error` (an
 * agent-eval judge's 500, a malformed verdict), as README's error table now says. Real applies
 * against an OpenAI-compatible agent and two judges on loopback.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { runCommand } from '../cli/run-cli.js';
import { type FakeOpenaiJudge, startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { type OpenaiServer, startOpenaiServer } from '../fixtures/openai-server.js';

let agent: OpenaiServer;
let refusing: FakeOpenaiJudge;
let failing: FakeOpenaiJudge;
let dir: string;
beforeAll(async () => {
  agent = await startOpenaiServer();
  refusing = await startOpenaiJudgeServer();
  failing = await startOpenaiJudgeServer({ failStatus: 500 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa336-verdict-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await Promise.all([agent.close(), refusing.close(), failing.close()]);
});

const plan = (): string => `evalc: 1
benchmark: { id: qa336-verdict }
agents:
  o1: { protocol: openai, url: "${agent.baseUrl}", model: small-1, limits: { retries: 0 } }
judges:
  oj: { protocol: openai, url: "${refusing.url}", model: m1, rubric: r1, limits: { maxInputBytes: 10 } }
  pj: { protocol: openai, url: "${failing.url}", model: m1, rubric: r1, limits: { retries: 0 } }
rubrics:
  r1:
    dimensions: [{ id: relevance, description: "On topic" }]
tasks:
  t1:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{query}}" }] }
        output: { answer: "choices[0].message.content" }
    datasets:
      d1:
        examples:
          - { id: a, vars: { query: "intro ML" } }
          - { id: b, vars: { query: "databases and more" } }
    metrics:
      - { id: jo, type: judge, judge: oj, content: "relevance=0.8 {{candidate.answer}}" }
      - { id: jp, type: judge, judge: pj, content: "relevance=0.8 {{candidate.answer}}" }
run: { preflight: 0, bootstrap: 100 }
`;

it("says 'every score failed' by kind of a judge never called, 'every call failed' of one whose calls failed", async () => {
  writeFileSync(path.join(dir, 'evalc.yaml'), plan());
  const run = await runCommand(applyCommand, ['evalc.yaml'], { cwd: dir });
  expect(run.code).toBe(1);
  expect(refusing.requests).toHaveLength(0);
  expect(failing.requests).toHaveLength(2);
  const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
  expect(lock.results.map((r) => [r.metrics?.jo?.error, r.metrics?.jp?.error])).toEqual([
    ['metric_error', 'http_500'],
    ['metric_error', 'http_500'],
  ]);
  const verdict =
    'judge oj scored nothing (every score failed: metric_error 2); judge pj scored nothing (every call failed); no gates';
  const md = readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8');
  expect(md.split('\n')[0]).toBe(`## ❌ evalc — qa336-verdict 0.0.0: ${verdict}`);
  const html = readFileSync(path.join(dir, '.evalc/reports/report.html'), 'utf8');
  expect(html).toContain(verdict);
}, 60_000);

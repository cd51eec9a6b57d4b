/**
 * QA364: report.md's failing-example lines said a judge-backed metric's error without naming the
 * judge (`failed \`jm\` (error http_500: HTTP 500: …)`) where the Errors table says `judge oj: HTTP
 * 500: …` since QA336 (24230b14): both name the judge now where the request was. Real apply
 * against an OpenAI-compatible agent and a judge answering 500 on loopback.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { runCommand } from '../cli/run-cli.js';
import { type FakeOpenaiJudge, startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { type OpenaiServer, startOpenaiServer } from '../fixtures/openai-server.js';
import { openaiJudgedPlan } from '../protocols/openai-workspace.js';

let agent: OpenaiServer;
let judge: FakeOpenaiJudge;
let dir: string;
beforeAll(async () => {
  agent = await startOpenaiServer();
  judge = await startOpenaiJudgeServer({ failStatus: 500 });
  dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa364-cause-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await Promise.all([agent.close(), judge.close()]);
});

it("names the judge in a failing example's cause, as the Errors table does", async () => {
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    openaiJudgedPlan(agent.baseUrl, judge.url, {
      id: 'qa364-cause',
      examples: ['{ id: a, vars: { query: "intro ML" } }', '{ id: b, vars: { query: "databases" } }'],
      metrics: ['{ id: jm, type: judge, judge: oj, content: "relevance=0.8 {{candidate.answer}}" }'],
      judgeLimits: 'retries: 0',
    }),
  );
  const run = await runCommand(applyCommand, ['evalc.yaml'], { cwd: dir });
  expect(run.code).toBe(1);
  const md = readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8');
  const lines = md.split('\n').filter((l) => l.startsWith('- `o1` d1/'));
  // The first says what the error said, the judge named; the second repeats only the kind.
  expect(lines).toEqual([
    '- `o1` d1/a — failed `jm` (error http\\_500: judge oj: HTTP 500: The model is overloaded)',
    '- `o1` d1/b — failed `jm` (error http\\_500)',
  ]);
  expect(md).toContain('| judge oj: HTTP 500: The model is overloaded |');
  expect(md).not.toContain(judge.url);
}, 60_000);

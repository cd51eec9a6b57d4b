/**
 * QA336: report.md's Errors table drops the request from what an error said (QA75: the URL took
 * most of a cut message), as the agent that failed is named in the row's agents column; but of a
 * judge's failure nothing named the judge, so `| http_500 | jm | 2 | o1 2 | HTTP 500: The model is
 * overloaded |` read as agent o1's 500 (report.html shows the whole message, the judge's URL with
 * it). The cause now names the judge where its request was: `judge oj: HTTP 500: …`. Real apply
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
  dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa336-cause-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await Promise.all([agent.close(), judge.close()]);
});

it("names the judge in the Errors table's cause of its failure, not its URL", async () => {
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    openaiJudgedPlan(agent.baseUrl, judge.url, {
      id: 'qa336-cause',
      examples: ['{ id: a, vars: { query: "intro ML" } }', '{ id: b, vars: { query: "databases" } }'],
      metrics: ['{ id: jm, type: judge, judge: oj, content: "relevance=0.8 {{candidate.answer}}" }'],
      judgeLimits: 'retries: 0',
    }),
  );
  const run = await runCommand(applyCommand, ['evalc.yaml'], { cwd: dir });
  expect(run.code).toBe(1);
  const md = readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8');
  const rows = md.split('\n').filter((l) => l.startsWith('| `http_500` |'));
  expect(rows).toEqual([
    '| `http_500` | `jm` | 2 | `o1` 2 | judge oj: HTTP 500: The model is overloaded | `o1` t1/d1/a |',
  ]);
  expect(md).not.toContain(judge.url);
}, 60_000);

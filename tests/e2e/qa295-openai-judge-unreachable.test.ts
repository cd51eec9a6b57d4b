/**
 * QA295 (left by QA291): an `openai` judge nothing listens for (it has no start probe) said only
 * 'judge oj scored nothing: all 2 of its scores failed (transport_error 2), … (the failing examples
 * in report.md say why)' on stderr, and report.md's Errors table drops the URL its words name. The
 * line now ends with what the first failed call said and 'is the judge running at …?', its url as
 * evalc.lock records it (a ?token= starred); `--json` gives it as the failed judge's `first`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { assertBuilt, runCli } from './apply-harness.js';
import { answeringAgentFolder, openaiJudgedPlan, TWO_EXAMPLES } from './openai-judged-plan.js';

beforeAll(() => assertBuilt());

it("an unreachable openai judge's 'scored nothing' line says its first failure and asks whether it runs", async () => {
  const { dir, agentUrl } = await answeringAgentFolder('qa295-openai-judge', () => '4');
  const judgePort = await freePort();
  writeFileSync(path.join(dir, 'd.jsonl'), TWO_EXAMPLES);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    openaiJudgedPlan(
      agentUrl,
      `{ protocol: openai, url: "http://127.0.0.1:${judgePort}/v1?token=qa295-url-secret", model: m, headers: { Authorization: "Bearer \${env.QA295_KEY}" }, limits: { retries: 0 } }`,
    ),
  );
  const env = { QA295_KEY: 'sk-qa295-header-secret' };
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env });
  expect(run.code, run.stderr).toBe(1);
  expect(run.stderr).toContain(
    'evalc: judge oj scored nothing: all 2 of its scores failed (transport_error 2), so the metrics that use it measured nothing; ' +
      `the first: POST http://127.0.0.1:${judgePort}/v1/chat/completions: connection refused (nothing listening there) (ECONNREFUSED)\n` +
      `  is the judge running at http://127.0.0.1:${judgePort}/v1?token=***? Start it, or let evalc start it with \`serve:\` in the plan\n`,
  );
  const json = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir, env });
  const result = JSON.parse(json.stdout.trim().split('\n').at(-1) ?? '{}');
  expect(result.failedJudges).toEqual([
    {
      judge: 'oj',
      failed: 2,
      kinds: { transport_error: 2 },
      first: `POST http://127.0.0.1:${judgePort}/v1/chat/completions: connection refused (nothing listening there) (ECONNREFUSED)\n  is the judge running at http://127.0.0.1:${judgePort}/v1?token=***? Start it, or let evalc start it with \`serve:\` in the plan`,
    },
  ]);
  expect(result.judgeFirstFailures).toBeUndefined();
  for (const text of [
    run.stdout,
    run.stderr,
    json.stdout,
    json.stderr,
    readFileSync(path.join(dir, 'evalc.lock'), 'utf8'),
  ])
    expect(text).not.toMatch(/qa295-url-secret|sk-qa295-header-secret/);
});

/**
 * QA48: a judge every call of which failed (a wrong URL: 404 for each) measured nothing, so apply
 * exits 1, says so on stderr, lists it in `--json`'s result, and report.md's verdict is ❌. A judge
 * that scored some examples is a result: the run exits 0.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenaiJudge, startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const counting = useCountingAgent();
let judge: FakeOpenaiJudge;
let flaky: FakeOpenaiJudge;
beforeAll(async () => {
  judge = await startOpenaiJudgeServer();
  flaky = await startOpenaiJudgeServer({ malformedTimes: 1, malformedKind: 'not-json' });
});
afterAll(async () => {
  await judge.close();
  await flaky.close();
});

function writeJudgePlan(dir: string, judgeUrl: string): void {
  writeDataset(dir, 'd1.jsonl', countingExamples(3));
  const plan = {
    evalc: 1,
    benchmark: { id: 'judged', version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: counting.agent.url } },
    judges: { j: { protocol: 'openai', url: judgeUrl, model: 'm', limits: { retries: 0, concurrency: 1 } } },
    tasks: {
      t1: {
        bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
        datasets: { d1: { source: 'd1.jsonl' } },
        metrics: [{ type: 'judge', judge: 'j', content: '{{candidate.answer}}' }],
      },
    },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
}

describe('a judge that scored nothing (QA48)', () => {
  it('fails the run: exit 1, a line on stderr, failedJudges in --json, ❌ in report.md', async () => {
    const dir = counting.workspace('judge-404');
    writeJudgePlan(dir, `${judge.url}/wrong`);
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'evalc: judge j scored nothing: all 3 of its scores failed (endpoint_not_found 3)',
    );
    // A judge's failure is not cached: the next apply asks it again, and fails the same way.
    const again = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir });
    expect(again.code).toBe(1);
    const result = JSON.parse(again.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(result).toMatchObject({
      event: 'result',
      exitCode: 1,
      failedJudges: [{ judge: 'j', failed: 3, kinds: { endpoint_not_found: 3 } }],
    });
    const title = readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8').split('\n')[0];
    expect(title).toBe('## ❌ evalc — judged 1.0.0: judge j scored nothing (every call failed); no gates');
  });

  it('keeps a run whose judge scored some examples green', async () => {
    const dir = counting.workspace('judge-some');
    writeJudgePlan(dir, flaky.url);
    const run = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir });
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(result.errors).toBe(1);
    expect(result).not.toHaveProperty('failedJudges');
    expect(run.code).toBe(0);
  });
});

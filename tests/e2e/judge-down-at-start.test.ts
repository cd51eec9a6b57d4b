/**
 * A judge that is down when apply starts is a failed step, not an aborted run: the agents run,
 * metrics without the judge are scored, the judge's metrics record `judge_error` (never cached),
 * and the next apply — the judge back up — asks only the judge. Having scored nothing, the judge
 * makes that first apply exit 1 (QA48), as an agent that evaluated nothing does.
 *
 * QA97: agent-eval A13 — an unknown path answers Hono's plain-text 404, which evalc maps to
 * `endpoint_not_found` (README's error table: "a judge URL answering 404 (a wrong URL, or not this
 * protocol)"). A judge `url` with a wrong path fails its `GET /v1/version` that way at the start of
 * apply, and its metrics recorded `judge_error` ("a judge down at the start") instead. Real CLI,
 * the fake agent-eval server (plain-text 404 for unknown paths) and the counting RAIP agent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeAgentEvalServer, startAgentEvalServer } from '../fixtures/agent-eval-server.js';
import { freePort } from '../fixtures/loopback.js';
import { startQa4SeedJudge } from '../fixtures/qa4-agent-eval-seed-judge.mjs';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const ctx = useCountingAgent();
const closers: (() => Promise<void>)[] = [];
let judge: FakeAgentEvalServer | undefined;
afterAll(async () => {
  for (const close of closers) await close();
  await judge?.close();
});

type Row = { metrics: Record<string, { score: number | null; error?: string }> };

/**
 * A workspace of two counting examples, each scored by judge `strict` (agent-eval at `judgeUrl`,
 * rubric anti-slop) and by a `contains` check.
 */
function judgeWorkspace(name: string, benchmark: string, judgeUrl: string): string {
  const dir = ctx.workspace(name);
  writeDataset(dir, 'd1.jsonl', countingExamples(2));
  const plan = {
    evalc: 1,
    benchmark: { id: benchmark, version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
    judges: { strict: { protocol: 'agent-eval', url: judgeUrl, rubric: 'anti-slop' } },
    tasks: {
      t1: {
        bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
        datasets: { d1: { source: 'd1.jsonl' } },
        metrics: [
          { type: 'judge', judge: 'strict', content: '{{candidate.answer}}' },
          { type: 'contains', candidate: 'answer', value: 'e' },
        ],
      },
    },
    run: { repeats: 1, seed: 7, concurrency: 1 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
  return dir;
}

describe('a judge down at the start of apply', () => {
  it('leaves its metrics with judge_error while the rest of the run goes on; the next apply asks only the judge', async () => {
    const port = await freePort();
    const dir = judgeWorkspace('judge-down', 'judge-down', `http://127.0.0.1:${port}`);
    const rows = () =>
      (JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as { results: Row[] }).results;

    ctx.agent.reset();
    const first = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir });
    // The run goes on and is recorded, but a judge that scored nothing fails the command (QA48).
    expect(first.code, first.stderr).toBe(1);
    expect(first.stdout).toContain(
      '"failedJudges":[{"judge":"strict","failed":2,"kinds":{"judge_error":2}}]',
    );
    expect(first.stdout + first.stderr).toContain('judge strict is not usable');
    expect(first.stdout).toContain('"judge_error":2');
    expect(ctx.agent.stats().invokes).toBe(2);
    expect(rows().map((r) => [r.metrics.judge?.error, r.metrics.contains?.score])).toEqual([
      ['judge_error', 1],
      ['judge_error', 1],
    ]);

    const judge = await startQa4SeedJudge({ port });
    closers.push(() => judge.close());
    ctx.agent.reset();
    const second = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(second.code, second.stderr).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(judge.judgeBodies).toHaveLength(2);
    expect(rows().map((r) => [r.metrics.judge?.score, r.metrics.judge?.error])).toEqual([
      [0.795, undefined],
      [0.795, undefined],
    ]);
  });
});

describe('an agent-eval judge url with a wrong path', () => {
  it('records endpoint_not_found (A13), not judge_error, and says so', async () => {
    judge = await startAgentEvalServer({});
    const dir = judgeWorkspace('qa97-judge-wrong-url', 'qa97-wrong-url', `${judge.url}/api`);
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(run.code, run.stderr).toBe(1);
    expect(judge.requests.map((r) => r.path)).toContain('/api/v1/version');
    expect(run.stderr).toContain('no such endpoint (404 without an agent-eval error body)');
    expect(run.stderr).toContain('the run goes on: its metrics record endpoint_not_found');
    const rows = (JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as { results: Row[] })
      .results;
    expect(rows.map((r) => [r.metrics.judge?.error, r.metrics.contains?.score])).toEqual([
      ['endpoint_not_found', 1],
      ['endpoint_not_found', 1],
    ]);
  }, 60_000);
});

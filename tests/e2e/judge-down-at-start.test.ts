/**
 * A judge that is down when apply starts is a failed step, not an aborted run: the agents run,
 * metrics without the judge are scored, the judge's metrics record `judge_error` (never cached),
 * and the next apply — the judge back up — asks only the judge. Having scored nothing, the judge
 * makes that first apply exit 1 (QA48), as an agent that evaluated nothing does.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/loopback.js';
import { startQa4SeedJudge } from '../fixtures/qa4-agent-eval-seed-judge.mjs';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const ctx = useCountingAgent();
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

type Row = { metrics: Record<string, { score: number | null; error?: string }> };

describe('a judge down at the start of apply', () => {
  it('leaves its metrics with judge_error while the rest of the run goes on; the next apply asks only the judge', async () => {
    const port = await freePort();
    const dir = ctx.workspace('judge-down');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const plan = {
      evalc: 1,
      benchmark: { id: 'judge-down', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
      judges: { strict: { protocol: 'agent-eval', url: `http://127.0.0.1:${port}`, rubric: 'anti-slop' } },
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

/**
 * A metric's own failure is never cached and the next apply asks the judge again, whatever the
 * error's kind: a judge that refused a request (400, a contract error — definitive for an
 * agent's invoke) does not make the lock "complete", so the re-apply is not cut short as up to
 * date. The agent is not called again.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startQa4SeedJudge } from '../fixtures/qa4-agent-eval-seed-judge.mjs';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const ctx = useCountingAgent();
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('a judge that refused', () => {
  it('is asked again by the next apply, and the agent is not', async () => {
    const judge = await startQa4SeedJudge({ rejectFirst: 2 });
    closers.push(() => judge.close());
    const dir = ctx.workspace('judge-retried');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const plan = {
      evalc: 1,
      benchmark: { id: 'judge-retried', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
      judges: { strict: { protocol: 'agent-eval', url: judge.url, rubric: 'anti-slop' } },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [{ type: 'judge', judge: 'strict', content: '{{candidate.answer}}' }],
        },
      },
      run: { repeats: 1, seed: 7, concurrency: 1 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    ctx.agent.reset();
    const first = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    // Every judge call of this run failed: the run fails (QA48), and says which judge.
    expect(first.code, first.stderr).toBe(1);
    expect(first.stderr).toContain(
      'judge strict scored nothing: all 2 of its scores failed (config_error 2)',
    );
    const scores = () =>
      (
        JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
          results: { metrics: { judge: { score: number | null; error?: string } } }[];
        }
      ).results.map((r) => r.metrics.judge);
    expect(scores().every((m) => m.error !== undefined)).toBe(true);
    expect(judge.judgeBodies).toHaveLength(2);
    expect(ctx.agent.stats().invokes).toBe(2);

    ctx.agent.reset();
    const second = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(second.code, second.stderr).toBe(0);
    expect(judge.judgeBodies).toHaveLength(4);
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(scores().map((m) => [m.score, m.error])).toEqual([
      [0.795, undefined],
      [0.795, undefined],
    ]);
  });
});

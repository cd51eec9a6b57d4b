/**
 * A judge whose header needs an unset `${env.X}` stops apply before any call, naming the
 * variable (as an agent's does), instead of a config_error on every judge metric and exit 0.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startQa4SeedJudge } from '../fixtures/qa4-agent-eval-seed-judge.mjs';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const ctx = useCountingAgent();
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('a judge header with an unset variable', () => {
  it('refuses the run naming the variable, and calls neither the agent nor the judge', async () => {
    const judge = await startQa4SeedJudge();
    closers.push(() => judge.close());
    const dir = ctx.workspace('judge-unset-header');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      JSON.stringify({
        evalc: 1,
        benchmark: { id: 'judge-unset-header', version: '1.0.0' },
        agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
        judges: {
          strict: {
            protocol: 'agent-eval',
            url: judge.url,
            rubric: 'anti-slop',
            headers: { authorization: 'Bearer ${env.QA_JUDGE_TOKEN_UNSET}' },
          },
        },
        tasks: {
          t1: {
            bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
            datasets: { d1: { source: 'd1.jsonl' } },
            metrics: [{ type: 'judge', judge: 'strict', content: '{{candidate.answer}}' }],
          },
        },
      }),
    );
    ctx.agent.reset();
    const env = { ...process.env };
    delete env.QA_JUDGE_TOKEN_UNSET;
    const run = await runCli(['apply', '--quiet'], { cwd: dir, env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('environment variable(s) not set: QA_JUDGE_TOKEN_UNSET');
    expect(run.stderr).toContain('judge strict');
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(judge.judgeBodies).toHaveLength(0);
  });
});

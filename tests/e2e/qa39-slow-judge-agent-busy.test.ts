/**
 * QA39: an agent's worker pool held twice its concurrency in examples. For an agent of
 * `limits.concurrency: 1` that is two: while a slow judge scored one answer and the agent gave the
 * next, the third example could not start, so the agent sat idle for most of each judge call
 * (40 examples of a 50 ms agent under a 300 ms judge took 7 s instead of ~2 s). The pool now
 * holds at least `run.concurrency` examples: the agent keeps one request in flight (its limit)
 * while the judge scores several answers at once. Real CLI, real loopback agent and judge.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startStubJudge } from '../fixtures/agent-eval-stub-judge.js';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent({ delayMs: 30 });
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe('an agent of concurrency 1 under a slow judge', () => {
  it('keeps the agent busy while several answers are judged at once', async () => {
    const judge = await startStubJudge(500);
    closers.push(() => judge.close());
    const dir = ctx.workspace('qa39-slow-judge');
    writeDataset(dir, 'd1.jsonl', countingExamples(10));
    const file = writePlan(dir, {
      agentUrl: ctx.agent.url,
      limits: { concurrency: 1 },
      metrics: [{ type: 'judge', judge: 'j', content: '{{candidate.answer}}', threshold: 0.5 }],
      run: { concurrency: 8, preflight: 0 },
    });
    const plan = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    plan.judges = { j: { protocol: 'agent-eval', url: judge.url, rubric: 'r' } };
    writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);

    const result = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(ctx.agent.stats().invokes).toBe(10);
    // One request at a time reached the agent (its limit) …
    expect(ctx.agent.stats().maxInFlight).toBe(1);
    // … while the judge, 500 ms a call against the agent's 30 ms, scored several at once (two
    // examples in flight allowed at most two).
    expect(judge.mostJudging).toBeGreaterThanOrEqual(4);
  });
});

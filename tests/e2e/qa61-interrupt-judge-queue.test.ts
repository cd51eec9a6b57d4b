/**
 * QA61: a first Ctrl-C stops dispatch (README: "examples waiting for a slot send nothing"), but
 * answers waiting for a judge slot were still sent to the judge one after another: with a judge of
 * `limits.concurrency: 1` answering in 1.5 s, ten answered examples kept apply running for ~15 s
 * after the Ctrl-C (and up to the 30 s grace, when the rest were cancelled). Now the call in
 * flight finishes and the queued ones send nothing. Real CLI, real loopback agent and judge.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { type StubJudge, startStubJudge } from '../fixtures/agent-eval-stub-judge.js';
import {
  countingExamples,
  startCli,
  useCountingAgent,
  waitCli,
  waitFor,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent();
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** The stub judge, closed after the file's tests. */
async function startJudge(delayMs: number): Promise<StubJudge> {
  const judge = await startStubJudge(delayMs);
  closers.push(() => judge.close());
  return judge;
}

/** Ten counting examples judged by `judge` (settings as given) under `apply --json`. */
function judgedWorkspace(name: string, prefix: string | undefined, judge: Record<string, unknown>): string {
  const dir = ctx.workspace(name);
  writeDataset(dir, 'd1.jsonl', prefix === undefined ? countingExamples(10) : countingExamples(10, prefix));
  const file = writePlan(dir, {
    agentUrl: ctx.agent.url,
    metrics: [{ type: 'judge', judge: 'j', content: '{{candidate.answer}}', threshold: 0.5 }],
    run: { preflight: 0 },
  });
  const plan = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  plan.judges = { j: { protocol: 'agent-eval', rubric: 'r', ...judge } };
  writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);
  return dir;
}

describe('a first Ctrl-C while answers wait for a judge slot', () => {
  it('finishes the judge call in flight and sends no other', async () => {
    const judge = await startJudge(1500);
    const dir = judgedWorkspace('qa61-interrupt-judge', undefined, {
      url: judge.url,
      limits: { concurrency: 1 },
    });

    const child = startCli(['apply', 'evalc.yaml', '--json'], { cwd: dir });
    const done = waitCli(child, 40_000);
    await waitFor(() => judge.calls >= 1, 20_000, 'the first judge call');
    // Every answer is in before the first verdict (the agent answers at once): nine wait for the slot.
    await waitFor(() => ctx.agent.stats().invokes === 10, 10_000, 'the ten answers');
    child.kill('SIGINT');
    const result = await done;
    expect(result.code).toBe(130);
    // The call in flight when Ctrl-C came (a second only if the first had just ended).
    expect(judge.calls).toBeLessThanOrEqual(2);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; kind?: string; error?: { kind: string } });
    expect(events.at(-1)).toMatchObject({ event: 'result', exitCode: 130, status: 'interrupted' });
    // Every answer was read and cached; the scores not asked for are retried by the next apply.
    expect(events.filter((e) => e.event === 'step_finished' && e.kind === 'invoke')).toHaveLength(10);
  });

  it('sends no judge call still waiting for its rps token', async () => {
    const judge = await startJudge(0);
    // Four calls hold the judge's slots; one token every 4 s: three wait for theirs.
    const dir = judgedWorkspace('qa61-interrupt-judge-rps', 'r', {
      url: judge.url,
      limits: { concurrency: 4, rps: 0.25 },
    });

    const child = startCli(['apply', 'evalc.yaml', '--json'], { cwd: dir });
    const done = waitCli(child, 40_000);
    await waitFor(() => judge.calls >= 1, 20_000, 'the first judge call');
    child.kill('SIGINT');
    const sentAt = Date.now();
    const result = await done;
    expect(result.code).toBe(130);
    // The three waiting for a token (4, 8 and 12 s later) were not sent.
    expect(judge.calls).toBe(1);
    expect(Date.now() - sentAt).toBeLessThan(3500);
  });
});

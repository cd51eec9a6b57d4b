/**
 * QA61: a first Ctrl-C stops dispatch (README: "examples waiting for a slot send nothing"), but
 * answers waiting for a judge slot were still sent to the judge one after another: with a judge of
 * `limits.concurrency: 1` answering in 1.5 s, ten answered examples kept apply running for ~15 s
 * after the Ctrl-C (and up to the 30 s grace, when the rest were cancelled). Now the call in
 * flight finishes and the queued ones send nothing. Real CLI, real loopback agent and judge.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { sendJson, startLoopback } from '../fixtures/loopback.js';
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

describe('a first Ctrl-C while answers wait for a judge slot', () => {
  it('finishes the judge call in flight and sends no other', async () => {
    let calls = 0;
    const rubric = {
      name: 'r',
      description: 'd',
      dimensions: [{ id: 'a', description: 'A', weight: 1 }],
      failureModes: [],
      rubricVersion: 'r@v1',
    };
    const judge = await startLoopback(async (req, res) => {
      if (req.url === '/v1/version')
        return sendJson(res, 200, {
          package: '@tangle-network/agent-eval',
          version: '0.170.0',
          wireVersion: '1.1.0',
        });
      if (req.url === '/v1/rubrics') return sendJson(res, 200, { rubrics: [rubric] });
      if (req.url === '/healthz') return sendJson(res, 200, { status: 'ok' });
      calls++;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return sendJson(res, 200, {
        composite: 0.8,
        dimensions: { a: 0.8 },
        failureModes: [],
        wins: [],
        rationale: 'fine',
        rubricVersion: 'r@v1',
        model: 'stub',
        durationMs: 1,
      });
    });
    closers.push(() => judge.close());
    const dir = ctx.workspace('qa61-interrupt-judge');
    writeDataset(dir, 'd1.jsonl', countingExamples(10));
    const file = writePlan(dir, {
      agentUrl: ctx.agent.url,
      metrics: [{ type: 'judge', judge: 'j', content: '{{candidate.answer}}', threshold: 0.5 }],
      run: { preflight: 0 },
    });
    const plan = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    plan.judges = { j: { protocol: 'agent-eval', url: judge.url, rubric: 'r', limits: { concurrency: 1 } } };
    writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);

    const child = startCli(['apply', 'evalc.yaml', '--json'], { cwd: dir });
    const done = waitCli(child, 40_000);
    await waitFor(() => calls >= 1, 20_000, 'the first judge call');
    // Every answer is in before the first verdict (the agent answers at once): nine wait for the slot.
    await waitFor(() => ctx.agent.stats().invokes === 10, 10_000, 'the ten answers');
    child.kill('SIGINT');
    const result = await done;
    expect(result.code).toBe(130);
    // The call in flight when Ctrl-C came (a second only if the first had just ended).
    expect(calls).toBeLessThanOrEqual(2);
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; kind?: string; error?: { kind: string } });
    expect(events.at(-1)).toMatchObject({ event: 'result', exitCode: 130, status: 'interrupted' });
    // Every answer was read and cached; the scores not asked for are retried by the next apply.
    expect(events.filter((e) => e.event === 'step_finished' && e.kind === 'invoke')).toHaveLength(10);
  });

  it('sends no judge call still waiting for its rps token', async () => {
    let calls = 0;
    const rubric = {
      name: 'r',
      description: 'd',
      dimensions: [{ id: 'a', description: 'A', weight: 1 }],
      failureModes: [],
      rubricVersion: 'r@v1',
    };
    const judge = await startLoopback(async (req, res) => {
      if (req.url === '/v1/version')
        return sendJson(res, 200, {
          package: '@tangle-network/agent-eval',
          version: '0.170.0',
          wireVersion: '1.1.0',
        });
      if (req.url === '/v1/rubrics') return sendJson(res, 200, { rubrics: [rubric] });
      if (req.url === '/healthz') return sendJson(res, 200, { status: 'ok' });
      calls++;
      return sendJson(res, 200, {
        composite: 0.8,
        dimensions: { a: 0.8 },
        failureModes: [],
        wins: [],
        rationale: 'fine',
        rubricVersion: 'r@v1',
        model: 'stub',
        durationMs: 1,
      });
    });
    closers.push(() => judge.close());
    const dir = ctx.workspace('qa61-interrupt-judge-rps');
    writeDataset(dir, 'd1.jsonl', countingExamples(10, 'r'));
    const file = writePlan(dir, {
      agentUrl: ctx.agent.url,
      metrics: [{ type: 'judge', judge: 'j', content: '{{candidate.answer}}', threshold: 0.5 }],
      run: { preflight: 0 },
    });
    const plan = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    // Four calls hold the judge's slots; one token every 4 s: three wait for theirs.
    plan.judges = {
      j: { protocol: 'agent-eval', url: judge.url, rubric: 'r', limits: { concurrency: 4, rps: 0.25 } },
    };
    writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);

    const child = startCli(['apply', 'evalc.yaml', '--json'], { cwd: dir });
    const done = waitCli(child, 40_000);
    await waitFor(() => calls >= 1, 20_000, 'the first judge call');
    child.kill('SIGINT');
    const sentAt = Date.now();
    const result = await done;
    expect(result.code).toBe(130);
    // The three waiting for a token (4, 8 and 12 s later) were not sent.
    expect(calls).toBe(1);
    expect(Date.now() - sentAt).toBeLessThan(3500);
  });
});

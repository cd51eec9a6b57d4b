/**
 * QA159: a first Ctrl-C lets answers in flight finish and cancels the judge calls still waiting;
 * each such call wrote a `cancelled` note beside its score step (`…#last-error`, kind
 * `score-error`), so `evalc cache stats` counted one more entry per answer kept (105–361 after
 * interrupted runs), as if they were results. A cancelled call now writes no note, as a cancelled
 * invoke writes none; the notes a cache does hold (a judge's real failure) are said apart in
 * `cache stats` (`failureNotes` in --json). Real CLI, loopback agent and judge.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheCommand } from '../../src/cli/cache.js';
import { LogStore } from '../../src/executor/cache-store.js';
import { runCommand } from '../cli/run-cli.js';
import { type StubJudge, startStubJudge } from '../fixtures/agent-eval-stub-judge.js';
import {
  countingExamples,
  runCli,
  startCli,
  useCountingAgent,
  waitCli,
  waitFor,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent();
const closers: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

interface Stats {
  entries: number;
  failureNotes: number;
  byKind: Record<string, { entries: number }>;
}

describe('cache stats after a first Ctrl-C cancelled judge calls', () => {
  it('holds no note for a cancelled judge call', async () => {
    const judge: StubJudge = await startStubJudge(1500);
    closers.push(() => judge.close());
    const dir = ctx.workspace('qa159-interrupt-notes');
    writeDataset(dir, 'd1.jsonl', countingExamples(10));
    const file = writePlan(dir, {
      agentUrl: ctx.agent.url,
      metrics: [{ type: 'judge', judge: 'j', content: '{{candidate.answer}}', threshold: 0.5 }],
      run: { preflight: 0 },
    });
    const plan = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    delete plan.metrics; // no pass_rate: each score entry is a verdict
    plan.judges = { j: { protocol: 'agent-eval', rubric: 'r', url: judge.url, limits: { concurrency: 1 } } };
    writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);

    const child = startCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    const done = waitCli(child, 40_000);
    await waitFor(() => judge.calls >= 1, 20_000, 'the first judge call');
    await waitFor(() => ctx.agent.stats().invokes === 10, 10_000, 'the ten answers');
    child.kill('SIGINT');
    expect((await done).code).toBe(130);

    const stats = await runCli(['cache', 'stats', 'evalc.yaml', '--json'], { cwd: dir });
    expect(stats.code).toBe(0);
    const parsed = JSON.parse(stats.stdout) as Stats;
    // Ten answers (invoke + extract each), the verdicts given (1 or 2), and no note for the rest.
    expect(parsed.byKind['score-error']).toBeUndefined();
    expect(parsed.failureNotes).toBe(0);
    expect(parsed.byKind.invoke?.entries).toBe(10);
    expect(parsed.byKind.score?.entries ?? 0).toBeLessThanOrEqual(2);
  });

  it('says which entries are notes of failed steps, not results', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa159-notes-'));
    closers.push(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, 'evalc.yaml'), 'evalc: 1\n');
    const store = new LogStore(path.join(dir, '.evalc/cache'));
    store.put('k1:aa', 'score', { score: 1 });
    store.put('k1:bb#last-error', 'score-error', { error: { kind: 'judge_error', message: 'boom' } });
    store.put('k1:cc#last-error', 'invoke-error', { failed: { kind: 'timeout', message: 'slow' } });
    store.close();
    const text = await runCommand(cacheCommand, ['stats', 'evalc.yaml'], { cwd: dir });
    expect(text.stdout).toContain(': 3 entries, ');
    expect(text.stdout).toContain(
      '(2 of the entries are notes of why a step last failed, kept for the reports: not results',
    );
    const json = await runCommand(cacheCommand, ['stats', 'evalc.yaml', '--json'], { cwd: dir });
    expect((JSON.parse(json.stdout) as Stats).failureNotes).toBe(2);
  });
});

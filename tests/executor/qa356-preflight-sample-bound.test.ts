/**
 * QA356: an agent's preflight sample holds `run.preflight` examples at most (DESIGN §3: "preflight
 * on k ≤ 5 examples before the batch"). Since 0684812d every cached failure read before the first
 * example sent was in it, its run kept in memory to the end: a cache of failures alone (an agent
 * that failed everything, an `--only` piece run with `preflight: 0`) said 'the first 401 examples
 * all failed (semantic_mismatch; 400 of them answered from the cache)' for `preflight: 3`. The
 * cached failures now take `run.preflight` − 1 places at most, the last is the first example sent.
 * And a fully cached re-score (nothing sent, the sample open to the end) kept one slot per example.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PreflightSample } from '../../src/executor/preflight-sample.js';
import {
  assertBuilt,
  countingExamples,
  lockResults,
  runCli,
  tempWorkspace,
  writeDataset,
  writePlan,
} from '../e2e/apply-harness.js';
import { startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { runBatch, useSamplePlan } from '../fixtures/preflight-sample-batch.js';

const plan = useSamplePlan('qa356');
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** Slots the sample still holds (a Map now; an array of every example admitted before). */
function retained(sample: PreflightSample<string>): number {
  const slots = (sample as unknown as { slots: Map<number, unknown> | unknown[] }).slots;
  return slots instanceof Map ? slots.size : slots.filter((s) => s !== undefined).length;
}

describe('preflight sample bound', () => {
  it('holds run.preflight examples at most: the first cached failures and one sent', async () => {
    const sample = new PreflightSample<string>(3, () => false);
    const n = 20_000;
    const { kinds, failed, members } = await runBatch(plan, sample, n, () => 'failed', ['failed', 'ok']);
    expect(kinds.slice(n)).toEqual(['sample', 'held']);
    expect(failed).toBe(true);
    // 20,001 members before, each run kept: 'the first 20001 examples all failed'
    expect(members.map((m) => [m.tag, m.cached])).toEqual([
      ['c0', true],
      ['c1', true],
      ['s0', false],
    ]);
    expect(retained(sample)).toBeLessThanOrEqual(3);
  }, 60_000);

  it('is the first example sent alone at preflight: 1, whatever failures the cache holds', async () => {
    const { kinds, failed, members } = await runBatch(
      plan,
      new PreflightSample<string>(1, () => false),
      50,
      () => 'failed',
      ['ok', 'failed'],
    );
    expect(kinds.slice(50)).toEqual(['sample', 'passed']);
    expect(failed).toBe(false);
    expect(members.map((m) => m.tag)).toEqual(['s0']);
  });

  it('keeps no slot of a fully cached re-score', async () => {
    const sample = new PreflightSample<string>(5, () => false);
    const { kinds, failed, members } = await runBatch(plan, sample, 20_000, () => 'ok', []);
    expect(kinds.every((k) => k === 'candidate')).toBe(true);
    expect(failed).toBe(false);
    expect(members).toEqual([]);
    // one slot per example was kept to the end (QA343: 454 MB against 440 MB at 100,000)
    expect(retained(sample)).toBe(0);
  }, 60_000);
});

describe('evalc apply, a cache of failures alone', () => {
  beforeAll(() => assertBuilt());

  it('names run.preflight examples at most in stderr and --json', async () => {
    const broken = await startCountingAgent({ faults: { seed: 1, rates: { '422': 1 } } });
    cleanups.push(() => void broken.close());
    const ws = tempWorkspace('qa356-preflight');
    cleanups.push(ws.cleanup);
    // every example sent and failed (no preflight), then 5 added under preflight: 3
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(30));
    writePlan(ws.dir, { agentUrl: broken.url, run: { preflight: 0 }, limits: { retries: 0 } });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir })).code).toBe(1);
    expect(broken.stats().invokes).toBe(30);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(35));
    writePlan(ws.dir, { agentUrl: broken.url, run: { preflight: 3 }, limits: { retries: 0 } });
    const said =
      "evalc: agent a1: preflight: the first 3 examples all failed (semantic_mismatch; 2 of them answered from the cache); the rest of a1's batch was not sent";
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    expect(run.code).toBe(1);
    // it said 'the first 31 examples all failed (semantic_mismatch; 30 of them …)'
    expect(run.stderr).toContain(`${said}\n  t1/d1/e0: semantic_mismatch:`);
    expect(broken.stats().invokes).toBe(31);
    const errors = lockResults(ws.dir).map((r) => r.errors?.[0]);
    expect(errors.filter((e) => e === 'semantic_mismatch')).toHaveLength(31);
    expect(errors.filter((e) => e === 'preflight_failed')).toHaveLength(4);
    // --json's message event: the same words (the lock is not complete, so it runs again)
    const json = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
    const texts = json.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { event?: string; text?: string })
      .filter((e) => e.event === 'message')
      .map((e) => e.text ?? '');
    expect(texts.find((t) => t.includes('preflight:'))).toContain(
      "evalc: agent a1: preflight: the first 3 examples all failed (semantic_mismatch; 2 of them answered from the cache); the rest of a1's batch was not sent",
    );
  }, 60_000);
});

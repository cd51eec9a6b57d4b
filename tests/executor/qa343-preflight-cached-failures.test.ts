/**
 * QA343: a re-score whose cached examples hold many failures before the first request (a metric's
 * params changed, a deleted evalc.lock, an agent that fails some examples) reads its preflight
 * sample in linear time. 0684812d's sample keeps every cached failure read before its first sent
 * example, and ba8f6d12's cursor still walked all of them again at each report: 30,000 examples,
 * 30% cached failures, re-scored in 3.9-4.2 s of CPU against 2.5-2.8 s before 0684812d. The
 * sample's rule is unchanged: checked here with the run's admissions and reports as run-agents.ts
 * makes them, over a real compiled plan's example steps (sent unless the cache holds their key).
 */
import { describe, expect, it } from 'vitest';
import { PreflightSample } from '../../src/executor/preflight-sample.js';
import { runBatch, useSamplePlan } from '../fixtures/preflight-sample-batch.js';

const plan = useSamplePlan('qa343');

describe('preflight sample after many cached failures', () => {
  it('reads 40,000 cached failures in linear time and fails on the sent one', async () => {
    const sample = new PreflightSample<string>(3, () => false);
    const n = 40_000;
    const { kinds, failed, members, seconds } = await runBatch(plan, sample, n, () => 'failed', [
      'failed',
      'ok',
    ]);
    // the first two cached failures are in the sample, with the one sent: run.preflight at most
    // (QA356: every cached failure before the first request was, n + 1)
    expect(members.length).toBe(3);
    expect(kinds.slice(0, n).every((k) => k === 'candidate')).toBe(true);
    expect(kinds.slice(n)).toEqual(['sample', 'held']);
    expect(failed).toBe(true);
    // the old walk read every member again at each report: 135 s for 90,000 on the shared 2 cores,
    // about 25 s for these; the linear one about 1 s: generous for a loaded machine
    expect(seconds).toBeLessThan(10);
  }, 60_000);

  it('leaves out the cached failures after a cached answer (a run whose sample had passed)', async () => {
    // e0 answered, then 14 failures among 19 (an agent failing some inputs); then 3 added: the
    // first fails, the next two answer. It sent f27 alone and held e28, e29 back: 'the first 15
    // examples all failed'; before 0684812d the sample was the three sent, which passed.
    const failedAt = new Set([1, 2, 4, 5, 6, 7, 8, 10, 11, 13, 15, 16, 17, 18]);
    const grown = await runBatch(
      plan,
      new PreflightSample<string>(3, () => false),
      20,
      (i) => (failedAt.has(i) ? 'failed' : 'ok'),
      ['failed', 'ok', 'ok'],
    );
    expect(grown.kinds.slice(20)).toEqual(['sample', 'sample', 'sample']);
    expect(grown.failed).toBe(false);
    // a broken agent is still held back after its sample of the three it sent (QA318)
    const broken = await runBatch(
      plan,
      new PreflightSample<string>(3, () => false),
      20,
      (i) => (failedAt.has(i) ? 'failed' : 'ok'),
      ['failed', 'failed', 'failed', 'ok'],
    );
    expect(broken.kinds.slice(20)).toEqual(['sample', 'sample', 'sample', 'held']);
    expect(broken.failed).toBe(true);
    // cached failures first (a sample cut short, QA334) are in it: one sent, then held back
    const resumed = await runBatch(plan, new PreflightSample<string>(3, () => false), 2, () => 'failed', [
      'failed',
      'ok',
    ]);
    expect(resumed.kinds.slice(2)).toEqual(['sample', 'held']);
  });

  it('passes when a cached refusal of evalc itself is among them, or the sent one answers', async () => {
    const refusal = await runBatch(
      plan,
      new PreflightSample<string>(3, () => false),
      9,
      (i) => (i === 7 ? 'local' : 'failed'),
      ['failed', 'failed'],
    );
    // the two first failures and the refusal (QA356: the last place is for an example sent or
    // refused by evalc itself): full and passed at the refusal, so the sent ones are no member
    expect(refusal.kinds.slice(9)).toEqual(['passed', 'passed']);
    expect(refusal.failed).toBe(false);
    const answered = await runBatch(plan, new PreflightSample<string>(3, () => false), 9, () => 'failed', [
      'ok',
      'failed',
    ]);
    expect(answered.kinds.slice(9)).toEqual(['sample', 'passed']);
    expect(answered.failed).toBe(false);
  });
});

/**
 * QA289: after `apply --refresh` failed transiently where the run before had answered, and `cache
 * prune` dropped the notes of those failures, the reports lost their reasons with nothing said:
 * 64f38e09 counted a failure as lost only when the cache held neither its note nor an answer under
 * its key, and the earlier run's answer (which the reports do not show beside the lock's error)
 * stood in for the note.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prunedWhat } from '../../src/executor/cache-holding.js';
import { runCli, useCountingAgent, writeDataset, writePlan } from '../e2e/apply-harness.js';
import type { CountingAgentOptions } from '../fixtures/apply-counting-agent.mjs';
import {
  addCommandJudge,
  applyOverPartialCache,
  codedExample,
  writeDownJudge,
} from './report-cache-notes.js';

describe('evalc report after a prune of a refreshed run that failed where the last one answered', () => {
  const options: CountingAgentOptions = {};
  const agent = useCountingAgent(options);
  const dir = agent.workspace('qa289-pruned-notes-refresh');
  it('says the failures lost their details', async () => {
    writePlan(dir, {
      agentUrl: agent.agent.url,
      limits: { retries: 0 },
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
      run: { repeats: 2 },
    });
    const ids = ['q1', 'q2'];
    writeDataset(dir, 'd1.jsonl', ids.map(codedExample));
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    // The agent read its options per request: every later call is a 500.
    options.faults = { seed: 1, rates: { '500': 1 } };
    await runCli(['apply', '--refresh', '--quiet'], { cwd: dir });
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8'));
    expect(lock.results.flatMap((r: { errors?: (string | null)[] }) => r.errors ?? [])).toEqual([
      'http_500',
      'http_500',
      'http_500',
      'http_500',
    ]);
    const before = await runCli(['report', '--format', 'md'], { cwd: dir });
    expect(before.stderr).toBe('');
    expect(before.stdout).toMatch(/error `http_500` \(scored 0\): /);
    expect((await runCli(['cache', 'prune'], { cwd: dir })).code).toBe(0);

    const md = await runCli(['report', '--format', 'md'], { cwd: dir });
    expect(md.code).toBe(0);
    expect(md.stderr).toBe(
      "note: the cache at .evalc/cache holds no failure details for this lock's 4 failed invokes (a cache prune drops them; --cache-dir DIR names the run's cache if it is elsewhere)\n",
    );
    expect(md.stdout).not.toMatch(/error `http_500` \(scored 0\): /);
  });
});

describe('evalc report after a prune of a run whose judge failed', () => {
  const agent = useCountingAgent();
  const dir = agent.workspace('qa289-pruned-judge-notes');
  it('says the failed judge scores lost their details', async () => {
    const file = writePlan(dir, { agentUrl: agent.agent.url, run: { repeats: 2 } });
    addCommandJudge(file);
    writeDownJudge(dir, 'QA289');
    writeDataset(dir, 'd1.jsonl', [codedExample('q1')]);
    await runCli(['apply', '--quiet'], { cwd: dir });
    const before = await runCli(['report', '--format', 'md'], { cwd: dir });
    expect(before.stderr).toBe('');
    expect(before.stdout).toContain('judge down: QA289');
    expect((await runCli(['cache', 'prune'], { cwd: dir })).code).toBe(0);

    const md = await runCli(['report', '--format', 'md'], { cwd: dir });
    expect(md.code).toBe(0);
    expect(md.stderr).toBe(
      "note: the cache at .evalc/cache holds no failure details for this lock's 2 failed judge scores (a cache prune drops them; --cache-dir DIR names the run's cache if it is elsewhere)\n",
    );
    expect(md.stdout).not.toContain('judge down: QA289');
  });
});

describe('the words of the note', () => {
  it('names the invokes, the judge scores, or both', () => {
    expect(prunedWhat({ failed: 3, of: 3 })).toBe("this lock's 3 failed invokes");
    expect(prunedWhat({ failed: 1, of: 4 })).toBe("1 of this lock's 4 failed invokes");
    expect(prunedWhat({ failed: 0, of: 0, judgeScores: 1 })).toBe("this lock's 1 failed judge score");
    expect(prunedWhat({ failed: 2, of: 2, judgeScores: 4 })).toBe(
      "this lock's 2 failed invokes, nor for its 4 failed judge scores",
    );
  });
});

describe("evalc report from the cache of a run whose every call failed, for a good run's lock", () => {
  const options: CountingAgentOptions = { faults: { seed: 1, rates: { '500': 1 } } };
  const agent = useCountingAgent(options);
  const dir = agent.workspace('qa289-failed-run-cache');
  it('says it holds none of the answers, and the reports say they lack them', async () => {
    writePlan(dir, {
      agentUrl: agent.agent.url,
      limits: { retries: 0 },
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
      run: { repeats: 2 },
    });
    writeDataset(dir, 'd1.jsonl', [codedExample('q1')]);
    // Its failures' notes sit under the same invoke keys as the good run's answers.
    await runCli(['apply', '--quiet', '--cache-dir', 'failed'], { cwd: dir });
    delete options.faults;
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);

    const md = await runCli(['report', '--format', 'md', '--cache-dir', 'failed'], { cwd: dir });
    expect(md.code).toBe(0);
    expect(md.stderr).toBe(
      "note: the cache at failed holds none of this lock's answers: the reports have no trajectories, judge rationales or failure details (--cache-dir DIR names the run's cache; this one is not it)\n",
    );
    expect(md.stdout).toContain("rendered without the run's cache");
  });
});

describe('evalc report from a cache of fewer examples, with a metric evalc computes failing', () => {
  const agent = useCountingAgent();
  const dir = agent.workspace('qa289-partial-metric-error');
  it('says the partial note only: a metric error is no judge score', async () => {
    const file = writePlan(dir, { agentUrl: agent.agent.url });
    const plan = JSON.parse(readFileSync(file, 'utf8'));
    // Priced models that are not the metric's: every example's cost is a metric_error (no price).
    plan.prices = { m1: { input: 1, output: 1 } };
    plan.tasks.t1.metrics.push({ type: 'cost', model: 'm9' });
    writeFileSync(file, JSON.stringify(plan));
    await applyOverPartialCache(dir);
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8'));
    expect(lock.results.map((r: { metrics: { cost: { error?: string } } }) => r.metrics.cost.error)).toEqual([
      'metric_error',
      'metric_error',
      'metric_error',
    ]);

    const md = await runCli(['report', '--format', 'md', '--cache-dir', 'old'], { cwd: dir });
    expect(md.stderr).toBe(
      "note: the cache at old holds the answer of 1 of this lock's 3 answered example runs: the reports have no trajectories, judge rationales or failure details for the other 2 (--cache-dir DIR names the run's cache; this one is not it)\n",
    );
  });
});

describe('evalc report from a cache holding a failure of the lock but none of its answers', () => {
  const options: CountingAgentOptions = { faults: { seed: 1, rates: { '422': 1 } } };
  const agent = useCountingAgent(options);
  const dir = agent.workspace('qa289-partial-none');
  it("says none of the answers, not 'the answers of 0'", async () => {
    writePlan(dir, { agentUrl: agent.agent.url, limits: { retries: 0 } });
    const q = codedExample;
    writeDataset(dir, 'd1.jsonl', [q('q1')]);
    // q1's 422 (definitive: cached) is the whole of 'old'; the run goes on from a copy of it.
    await runCli(['apply', '--quiet', '--cache-dir', 'old'], { cwd: dir });
    cpSync(path.join(dir, 'old'), path.join(dir, 'run'), { recursive: true });
    delete options.faults;
    writeDataset(dir, 'd1.jsonl', [q('q1'), q('q2'), q('q3')]);
    await runCli(['apply', '--quiet', '--cache-dir', 'run'], { cwd: dir });
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8'));
    expect(lock.results.map((r: { errors?: (string | null)[] }) => r.errors?.[0] ?? null)).toEqual([
      'semantic_mismatch',
      null,
      null,
    ]);

    const md = await runCli(['report', '--format', 'md', '--cache-dir', 'old'], { cwd: dir });
    expect(md.stderr).toBe(
      "note: the cache at old holds none of the answers of this lock's 2 answered example runs: the reports have no trajectories, judge rationales or failure details for them (--cache-dir DIR names the run's cache; this one is not it)\n",
    );
  });
});

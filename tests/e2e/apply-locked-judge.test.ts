/**
 * `apply --locked` and the judge pins (issue 3): the judge server's version and the tag of a
 * registered rubric are pinned inputs like an agent's schema digest. A loopback agent-eval
 * server (tests/fixtures/agent-eval-server.ts) is changed between applies; the plan is not.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeAgentEvalServerOptions } from '../fixtures/agent-eval-server.js';
import { type FakeAgentEvalServer, startAgentEvalServer } from '../fixtures/agent-eval-server.js';
import { countingExamples, readLock, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const ctx = useCountingAgent();
const options: FakeAgentEvalServerOptions = {};
let judge: FakeAgentEvalServer;

beforeAll(async () => {
  judge = await startAgentEvalServer(options);
});
afterAll(async () => {
  await judge.close();
});

function writeJudgePlan(
  dir: string,
  threshold = 0.5,
  content = '{{candidate.answer}}',
  rubric = 'anti-slop',
): void {
  const plan = {
    evalc: 1,
    benchmark: { id: 'locked-judge', version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: ctx.agent.url, limits: { concurrency: 2 } } },
    judges: { strict: { protocol: 'agent-eval', url: judge.url, rubric } },
    tasks: {
      t1: {
        bindings: {
          default: { input: { q: '{{q}}' }, output: { answer: 'output.answer', codes: 'output.codes' } },
        },
        datasets: { d1: { source: 'd1.jsonl' } },
        metrics: [
          { type: 'judge', judge: 'strict', content, threshold },
          { type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' },
        ],
      },
    },
    run: { repeats: 1, seed: 7, bootstrap: 100 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
}

async function appliedWorkspace(): Promise<{ dir: string; lock: string }> {
  delete options.version;
  delete options.listedVersion;
  delete options.tamper;
  const ws = { dir: ctx.workspace('locked-judge') };
  writeDataset(ws.dir, 'd1.jsonl', countingExamples(3));
  writeJudgePlan(ws.dir);
  const first = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
  expect(first.stderr).toBe('');
  expect(first.code).toBe(0);
  return { dir: ws.dir, lock: readLock(ws.dir) };
}

describe('apply --locked with a judge', () => {
  it('applies from cache when the judge is unchanged (it is asked, not called)', async () => {
    const ws = await appliedWorkspace();
    expect(ws.lock).toMatch(/"rubricVersion": "anti-slop@sha256-rfc8785:[0-9a-f]{64}"/);
    const calls = judge.judgeCalls();
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: ws.dir });
    expect(locked.stderr).toBe('');
    expect(locked.code).toBe(0);
    expect(judge.judgeCalls()).toBe(calls);
    expect(readLock(ws.dir)).toBe(ws.lock);
  });

  it('refuses when the judge server reports another version, and calls nobody', async () => {
    const ws = await appliedWorkspace();
    options.version = '9.9.9';
    const calls = judge.judgeCalls();
    ctx.agent.reset();
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: ws.dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toMatch(
      /--locked: pinned inputs changed:\n\s+judge strict: version 0\.170\.0 → 9\.9\.9/,
    );
    expect(judge.judgeCalls()).toBe(calls);
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(readLock(ws.dir)).toBe(ws.lock);
    // Without --locked the same apply goes on: every score is cached, nothing is re-judged.
    const plain = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(plain.code).toBe(0);
  });

  it('refuses when the registered rubric the lock used has a new rubricVersion on the server', async () => {
    const ws = await appliedWorkspace();
    const changed = `anti-slop@sha256-rfc8785:${'0'.repeat(64)}`;
    options.listedVersion = { 'anti-slop': changed };
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: ws.dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain(
      `judge strict: rubric anti-slop: rubricVersion anti-slop@sha256-rfc8785:`,
    );
    expect(locked.stderr).toContain(`→ ${changed}`);
    expect(readLock(ws.dir)).toBe(ws.lock);
  });
});

describe('apply --frozen with a judge', () => {
  it('refuses, listing the judge scores the cache lacks, when a judge metric changed (no judge or agent is called)', async () => {
    const ws = await appliedWorkspace();
    // A new content template needs new verdicts (a new threshold would not: the score is the same).
    writeJudgePlan(ws.dir, 0.5, 'Answer: {{candidate.answer}}');
    const calls = judge.judgeCalls();
    ctx.agent.reset();
    const frozen = await runCli(['apply', 'evalc.yaml', '--frozen'], { cwd: ws.dir });
    expect(frozen.code).toBe(1);
    expect(frozen.stderr).toContain(
      '--frozen: 3 judge scores are not cached (--frozen calls no judge either)',
    );
    expect(frozen.stderr).toContain('score/a1/t1/d1/e0#0/judge (judge strict)');
    // QA167: the hint said "run without --frozen to call the agents", none of which it would call.
    expect(frozen.stderr).toContain(
      'or run without --frozen to call the judges (every agent answer is cached).',
    );
    expect(judge.judgeCalls()).toBe(calls);
    expect(ctx.agent.stats()).toMatchObject({ invokes: 0, infos: 0 });
    expect(readLock(ws.dir)).toBe(ws.lock);
    // Without --frozen the judge is asked again, the agent is not.
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir })).code).toBe(0);
    expect(judge.judgeCalls()).toBe(calls + 3);
    expect(ctx.agent.stats().invokes).toBe(0);
  });
});

describe('a rubric registered on the judge server', () => {
  it('is part of the score keys: a new server tag re-scores the judge metric only, and the lock pins it', async () => {
    const ws = await appliedWorkspace();
    const calls = judge.judgeCalls();
    // Unchanged server: nothing to do (the judge is asked for its tags, not called).
    const same = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(same.code).toBe(0);
    expect(judge.judgeCalls()).toBe(calls);
    expect(readLock(ws.dir)).toBe(ws.lock);

    const changed = `anti-slop@sha256-rfc8785:${'1'.repeat(64)}`;
    options.listedVersion = { 'anti-slop': changed };
    options.tamper = { rubricVersion: changed };
    // plan asks the judge as apply will, and names the rubric whose tag moved.
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(
      /~ score +locked-judge\/t1\[a1\]\/judge +3 examples +because rubric anti-slop changed on judge strict's server/,
    );
    expect(plan.stdout).toContain('Plan: 0 to invoke, 0 to extract, 3 to score');
    expect(plan.stderr).toContain(
      `note: judge strict: rubric anti-slop is now ${changed} (was anti-slop@sha256-rfc8785:`,
    );
    ctx.agent.reset();
    const rescored = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(rescored.stderr).toBe('');
    expect(rescored.code).toBe(0);
    expect(judge.judgeCalls()).toBe(calls + 3);
    expect(ctx.agent.stats().invokes).toBe(0);
    const lock = readLock(ws.dir);
    expect(lock).toContain(`"rubricVersion": "${changed}"`);
    // The exact_match scores kept their keys: only the judge metric re-scored.
    const keysOf = (text: string, metric: string) =>
      (JSON.parse(text) as { results: { metrics: Record<string, { key: string }> }[] }).results.map(
        (r) => r.metrics[metric]?.key,
      );
    expect(keysOf(lock, 'exact_match')).toEqual(keysOf(ws.lock, 'exact_match'));
    expect(keysOf(lock, 'judge')).not.toEqual(keysOf(ws.lock, 'judge'));
    // And plan, reading the tag from the lock, agrees there is nothing left to do.
    expect((await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir })).code).toBe(0);
  });
});

describe('a judge threshold', () => {
  it('is not part of the score key: changing it re-derives pass and gates without calling the judge', async () => {
    const ws = await appliedWorkspace();
    const calls = judge.judgeCalls();
    writeJudgePlan(ws.dir, 0.99);
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
    expect(plan.code).toBe(2);
    expect(plan.stdout).not.toMatch(/~ score +\S+\/judge /);
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(apply.code).toBe(0);
    expect(judge.judgeCalls()).toBe(calls);
    const before = JSON.parse(ws.lock) as { results: { metrics: { judge: { key: string } } }[] };
    const after = JSON.parse(readLock(ws.dir)) as {
      results: { metrics: { judge: { key: string; pass?: boolean; score: number } } }[];
    };
    expect(after.results.map((r) => r.metrics.judge.key)).toEqual(
      before.results.map((r) => r.metrics.judge.key),
    );
    // Each pass follows the new threshold, from the cached score.
    for (const r of after.results) expect(r.metrics.judge.pass).toBe(r.metrics.judge.score >= 0.99);
  });

  it('leaves the lock when the plan stops using it (the lock does not depend on run history)', async () => {
    const ws = await appliedWorkspace();
    expect(ws.lock).toMatch(/"registeredRubrics": \{\n\s+"anti-slop": "anti-slop@/);
    writeJudgePlan(ws.dir, 0.5, '{{candidate.answer}}', 'clarity');
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir })).code).toBe(0);
    const lock = readLock(ws.dir);
    expect(lock).toMatch(/"rubricVersion": "clarity@sha256-rfc8785:[0-9a-f]{64}"/);
    expect(lock).not.toContain('anti-slop@');
    // The same lock as a first run of that plan would write.
    const fresh = ctx.workspace('locked-judge-fresh');
    writeDataset(fresh, 'd1.jsonl', countingExamples(3));
    writeJudgePlan(fresh, 0.5, '{{candidate.answer}}', 'clarity');
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: fresh })).code).toBe(0);
    const strip = (text: string) => text.replace(/"volatile": \{[\s\S]*?\n {2}\}/, '');
    expect(strip(lock)).toBe(strip(readLock(fresh)));
  });

  it('says the judge scores it lacks failed in the run that wrote evalc.lock, not to restore a cache', async () => {
    // QA174: a judge that answered 500 judge_error on every example left no score (a judge's failure is
    // never cached); --frozen said 'restore the cache a run of this branch wrote', which holds none.
    const failing = await startAgentEvalServer({ judgeErrorTimes: 1000 });
    try {
      const dir = ctx.workspace('frozen-judge-failed');
      writeDataset(dir, 'd1.jsonl', countingExamples(2));
      writeJudgePlan(dir);
      const planFile = path.join(dir, 'evalc.yaml');
      writeFileSync(planFile, readFileSync(planFile, 'utf8').replace(judge.url, failing.url));
      const first = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
      expect(first.stdout + first.stderr).toContain('judge_error');
      const lock = readLock(dir);
      const frozen = await runCli(['apply', 'evalc.yaml', '--frozen'], { cwd: dir });
      expect(frozen.code).toBe(1);
      expect(frozen.stderr).toContain('--frozen: 2 judge scores are not cached');
      expect(frozen.stderr).toContain(
        "all of them failed in the run that wrote evalc.lock (judge_error 2): a judge's failure is never cached",
      );
      expect(frozen.stderr).toContain('it asks the judges again for those scores only');
      expect(frozen.stderr).not.toContain('restore the cache');
      expect(readLock(dir)).toBe(lock);
    } finally {
      await failing.close();
    }
  });
});

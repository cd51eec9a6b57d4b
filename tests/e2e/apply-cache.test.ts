/**
 * `evalc apply` against a counting RAIP agent: the cache decides who gets called. Every
 * assertion on agent calls is a count the agent itself kept, per example and repeat.
 */
import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CountingAgent, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import {
  assertBuilt,
  countingExamples,
  lockResults,
  type PlanSpec,
  readLock,
  runCli,
  tempWorkspace,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const N = 8;
let agent: CountingAgent;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  assertBuilt();
  agent = await startCountingAgent();
});
afterAll(async () => {
  await agent.close();
  for (const c of cleanups) c();
});

/** A workspace with a cold apply already done (repeats: 2), and the agent's counters reset. */
async function appliedWorkspace(spec: Partial<PlanSpec> = {}, n = N) {
  const ws = tempWorkspace('cache');
  cleanups.push(ws.cleanup);
  writeDataset(ws.dir, 'd1.jsonl', countingExamples(n));
  if (spec.secondDataset) writeDataset(ws.dir, 'd2.jsonl', countingExamples(3, 'f'));
  const fullSpec: PlanSpec = { agentUrl: agent.url, run: { repeats: 2 }, ...spec };
  writePlan(ws.dir, fullSpec);
  agent.reset();
  const cold = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
  expect(cold.stderr).not.toContain('internal error');
  expect(cold.code).toBe(0);
  const coldStats = agent.stats();
  agent.reset();
  return { dir: ws.dir, spec: fullSpec, cold, coldStats, lock: readLock(ws.dir) };
}

describe('evalc apply: the cache decides which agent calls happen', () => {
  it('calls the agent once per example × repeat, then never again; the lockfile is byte-identical and plan says No changes', async () => {
    const ws = await appliedWorkspace();
    const expectedKeys = Object.fromEntries(
      countingExamples(N).flatMap((e) => [
        [`${e.id}#0`, 1],
        [`${e.id}#1`, 1],
      ]),
    );
    expect(ws.coldStats.received).toEqual(expectedKeys);
    expect(ws.cold.stdout).toContain(`${2 * N} example runs (2 repeats), ${2 * N} agent calls, 0 errors`);

    const again = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    expect(again.code).toBe(0);
    expect(agent.stats().invokes).toBe(0);
    expect(readLock(ws.dir)).toBe(ws.lock);

    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
    expect(plan.stdout).toContain('No changes.');
    expect(plan.code).toBe(0);
    expect(agent.stats().invokes).toBe(0);

    // Hand-checked scores: the agent answers [Z-q, A-q]; even examples expect that order.
    for (const r of lockResults(ws.dir)) {
      const i = Number(r.example.slice(1));
      expect(r.metrics.exact_match?.score).toBe(i % 2 === 0 ? 1 : 0);
    }
  });

  it('re-scores without a single agent call when only a metric parameter changes, and plan says why', async () => {
    const ws = await appliedWorkspace();
    writePlan(ws.dir, {
      ...ws.spec,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(/~ score .*exact_match .*because metric params changed \(mode: list → set\)/);
    expect(plan.stdout).not.toMatch(/^\s*[~+] (invoke|extract) /m);
    expect(plan.stdout).toContain('Plan: 0 to invoke, 0 to extract,');

    const applied = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    expect(applied.code).toBe(0);
    expect(agent.stats().invokes).toBe(0);
    // As a set, [Z-q, A-q] equals [A-q, Z-q]: every example now passes.
    const results = lockResults(ws.dir);
    expect(results).toHaveLength(N);
    for (const r of results) expect(r.metrics.exact_match?.score).toBe(1);
    expect(readLock(ws.dir)).not.toBe(ws.lock);
  });

  it('re-invokes only the examples whose rendered input changed', async () => {
    const examples = countingExamples(N).map((e, i) => ({ ...e, vars: { ...e.vars, loud: i < 3 } }));
    const ws = tempWorkspace('cache-template');
    cleanups.push(ws.cleanup);
    writeDataset(ws.dir, 'd1.jsonl', examples);
    const spec: PlanSpec = { agentUrl: agent.url, run: { repeats: 2 } };
    writePlan(ws.dir, spec);
    agent.reset();
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir })).code).toBe(0);
    expect(agent.stats().invokes).toBe(2 * N);
    agent.reset();

    // Renders differently only where `loud` is true (e0, e1, e2).
    writePlan(ws.dir, { ...spec, input: { q: '{{#if loud}}{{q}}!{{else}}{{q}}{{/if}}' } });
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(
      /~ invoke .*6 runs .*because input changed \(template bindings\.default\.input\)/, // 3 examples × 2 repeats
    );
    expect(agent.stats().invokes).toBe(0);

    expect((await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir })).code).toBe(0);
    expect(agent.stats().received).toEqual({
      'e0#0': 1,
      'e0#1': 1,
      'e1#0': 1,
      'e1#1': 1,
      'e2#0': 1,
      'e2#1': 1,
    });
  });

  it('--frozen with a complete cache calls nothing and writes the same lockfile', async () => {
    const ws = await appliedWorkspace();
    const frozen = await runCli(['apply', 'evalc.yaml', '--frozen'], { cwd: ws.dir });
    expect(frozen.stderr).not.toContain('evalc:');
    expect(frozen.code).toBe(0);
    expect(agent.stats()).toMatchObject({ invokes: 0, infos: 0 });
    expect(readLock(ws.dir)).toBe(ws.lock);
  });

  it('--frozen fails with exit 1 and lists the responses that are not cached', async () => {
    const ws = await appliedWorkspace();
    appendFileSync(
      path.join(ws.dir, 'd1.jsonl'),
      `${JSON.stringify({ id: 'late', vars: { q: 'late' }, expected: { codes: ['Z-late', 'A-late'] } })}\n`,
    );
    const frozen = await runCli(['apply', 'evalc.yaml', '--frozen'], { cwd: ws.dir });
    expect(frozen.code).toBe(1);
    expect(frozen.stderr).toContain('--frozen: 2 agent responses are not cached');
    expect(frozen.stderr).toContain('invoke/a1/t1/d1/late#0');
    expect(frozen.stderr).toContain('invoke/a1/t1/d1/late#1');
    expect(agent.stats().invokes).toBe(0);
    expect(readLock(ws.dir)).toBe(ws.lock);
  });

  it('--frozen without evalc.lock says the RAIP agent has no pinned identity to find its answers by', async () => {
    const ws = await appliedWorkspace();
    rmSync(path.join(ws.dir, 'evalc.lock'));
    const frozen = await runCli(['apply', 'evalc.yaml', '--frozen'], { cwd: ws.dir });
    expect(frozen.code).toBe(1);
    expect(frozen.stderr).toContain('a1: no identity pinned in evalc.lock (--frozen does not ask /info)');
    expect(agent.stats()).toMatchObject({ invokes: 0, infos: 0 });
  });

  it('--refresh re-invokes every example × repeat', async () => {
    const ws = await appliedWorkspace();
    const refreshed = await runCli(['apply', 'evalc.yaml', '--refresh'], { cwd: ws.dir });
    expect(refreshed.code).toBe(0);
    expect(agent.stats().received).toEqual(ws.coldStats.received);
    expect(agent.stats().invokes).toBe(2 * N);
  });

  it('--locked refuses when a dataset changed since the lockfile, before calling the agent', async () => {
    const ws = await appliedWorkspace();
    const file = path.join(ws.dir, 'd1.jsonl');
    const text = readFileSync(file, 'utf8');
    appendFileSync(file, ' \n');
    expect(readFileSync(file, 'utf8')).not.toBe(text);
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: ws.dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toMatch(/--locked: pinned inputs changed:\n\s+dataset t1\/d1: sha256 /);
    expect(agent.stats()).toMatchObject({ invokes: 0, infos: 0 });
    expect(readLock(ws.dir)).toBe(ws.lock);
  });

  it('--locked with nothing changed applies from cache', async () => {
    const ws = await appliedWorkspace();
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: ws.dir });
    expect(locked.code).toBe(0);
    expect(agent.stats().invokes).toBe(0);
    expect(readLock(ws.dir)).toBe(ws.lock);
  });

  it('--only task/dataset invokes that dataset only', async () => {
    const ws = tempWorkspace('cache-only');
    cleanups.push(ws.cleanup);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(N));
    writeDataset(ws.dir, 'd2.jsonl', countingExamples(3, 'f'));
    writePlan(ws.dir, { agentUrl: agent.url, secondDataset: true });
    agent.reset();
    const only = await runCli(['apply', 'evalc.yaml', '--only', 't1/d2'], { cwd: ws.dir });
    expect(only.code).toBe(0);
    expect(agent.stats().received).toEqual({ 'f0#0': 1, 'f1#0': 1, 'f2#0': 1 });
    // A partial run writes its own lockfile beside the reports, never evalc.lock.
    expect(existsSync(path.join(ws.dir, 'evalc.lock'))).toBe(false);
    const partial = JSON.parse(readFileSync(path.join(ws.dir, '.evalc', 'evalc.only.lock'), 'utf8')) as {
      results: { group: string }[];
    };
    expect(new Set(partial.results.map((r) => r.group))).toEqual(new Set(['a1/t1/d2']));
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir })).code).toBe(0);
    const whole = readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8');
    expect(new Set(lockResults(ws.dir).map((r) => r.group))).toEqual(new Set(['a1/t1/d1', 'a1/t1/d2']));
    agent.reset();
    expect((await runCli(['apply', 'evalc.yaml', '--only', 't1/d2', '--quiet'], { cwd: ws.dir })).code).toBe(
      0,
    );
    expect(agent.stats().invokes).toBe(0);
    expect(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8')).toBe(whole);
  });

  it('keeps a metric error evalc computed itself (no model to price): the re-apply is up to date, plan has no work', async () => {
    const ws = tempWorkspace('cache-metric-error');
    cleanups.push(ws.cleanup);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(3));
    writePlan(ws.dir, {
      agentUrl: agent.url,
      metrics: [
        { type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'list' },
        { type: 'cost' },
      ],
    });
    const first = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('"metric_error":3');
    const lock = readLock(ws.dir);
    expect(lockResults(ws.dir).every((r) => r.metrics.cost?.error === 'metric_error')).toBe(true);
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
    expect(plan.stdout).toContain('No changes');
    expect(plan.code).toBe(0);
    agent.reset();
    const again = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('"upToDate":true');
    expect(agent.stats().invokes).toBe(0);
    expect(readLock(ws.dir)).toBe(lock);
  });

  it('--only skips a gate whose scope reaches outside the selection; the full run evaluates it', async () => {
    const ws = tempWorkspace('cache-only-gate');
    cleanups.push(ws.cleanup);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(4));
    writeDataset(ws.dir, 'd2.jsonl', countingExamples(2, 'f'));
    // Odd ids fail: the benchmark's pass_rate is 4/6 < 0.9; d2 alone is 1/2.
    writePlan(ws.dir, {
      agentUrl: agent.url,
      secondDataset: true,
      gates: [{ metric: 'pass_rate', scope: 'benchmark', min: 0.9 }],
    });
    const only = await runCli(['apply', 'evalc.yaml', '--only', 't1/d2', '--json'], { cwd: ws.dir });
    expect(only.code).toBe(0);
    const result = JSON.parse(only.stdout.trim().split('\n').at(-1)!) as {
      gatesFailed: number;
      gates: { skipped?: boolean; message?: string }[];
    };
    expect(result.gatesFailed).toBe(0);
    expect(result.gates).toHaveLength(1);
    expect(result.gates[0]?.skipped).toBe(true);
    expect(result.gates[0]?.message).toContain('outside the --only t1/d2 selection');
    const full = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(full.code).toBe(1);
  });
});

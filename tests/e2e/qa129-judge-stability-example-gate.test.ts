/**
 * QA129 (review of 89fc600): judge_stability has no figure for an example with one judged repeat —
 * with `run.repeats: 1`, every example. An example-scope gate (`{ metric: judge_stability, min: 0.5,
 * scope: example }`) read such an example as errored and failed — "judge_stability has no results
 * at example:t/d/s1", exit 1 — where the benchmark and task gates on the same figures were skipped
 * ("none reported, none failed") and e0eaed8 passed (it scored 1). A row with no figure and no
 * error is unmeasured: passed over at example scope, the gate skipped when no example has a figure.
 * An example whose metric errored still fails it (QA37: tests/metrics/qa37-example-gate-errors).
 * Real loopback `http` agent (`FAIL` answers 500) and agent-eval judge whose k-th verdict on one
 * text is 0.9, 0.7, 0.8.
 *
 * QA132 (review of 1b49f7e): an example whose every repeat failed before scoring (the agent
 * answered 500) has no judge_stability figure and no metric error; 1b49f7e passed over it at
 * example scope as it passes over one judged repeat, so the example gate passed on the other
 * examples, where e0eaed8 failed it ("has no results at example:t/d/down"), as a judge metric's 0
 * for that example fails its own example gate (`down` always answers 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loopback } from '../fixtures/loopback.js';
import {
  type NoisyJudge,
  startNoisyJudge,
  startScriptedAgent,
  writeStabilityPlan,
} from '../fixtures/stability-loopbacks.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const ANSWERS: Record<string, string[]> = {
  s1: ['A'],
  s2: ['A'],
  e1: ['A', 'FAIL', 'FAIL'],
  e2: ['A', 'A', 'FAIL'],
  ok: ['A'],
  down: ['FAIL'],
};

let agent: Loopback;
let judge: NoisyJudge;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  agent = await startScriptedAgent(ANSWERS);
  judge = await startNoisyJudge([0.9, 0.7, 0.8]);
});
afterAll(async () => {
  await Promise.all([agent.close(), judge.close()]);
  for (const cleanup of cleanups) cleanup();
});

interface LockGate {
  scope: string;
  passed: boolean;
  skipped?: boolean;
  message: string;
}

async function applyWith(ids: string[], repeats: number) {
  const ws = tempWorkspace('qa129-stability-gate');
  cleanups.push(ws.cleanup);
  writeStabilityPlan(ws.dir, {
    id: 'qa129-stability-gate',
    agentUrl: agent.url,
    judge: { url: judge.url, rubric: 'support' },
    metrics: [{ type: 'judge', judge: 'j' }, { type: 'judge_stability' }],
    run: { repeats, concurrency: 1 },
    gates: [
      { metric: 'judge_stability', min: 0.5 },
      { metric: 'judge_stability', min: 0.5, scope: 'example' },
    ],
    examples: ids,
  });
  const validate = await runCli(['validate', 'evalc.yaml'], { cwd: ws.dir });
  const apply = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
  const events = apply.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { event: string; gates?: LockGate[] });
  const gates = events.find((e) => e.event === 'result')?.gates ?? [];
  return { validate, apply, gates };
}

describe('judge_stability gates over examples with no figure (QA129)', () => {
  it('run.repeats: 1 warns and skips the example-scope gate: no example has a figure', async () => {
    const { validate, apply, gates } = await applyWith(['s1', 's2'], 1);
    expect(validate.code).toBe(0);
    expect(validate.stderr).toContain('run.repeats is 1: no example would have a figure');
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stderr).not.toContain('gate failed');
    expect(gates.map((g) => [g.scope, g.passed, g.skipped ?? false])).toEqual([
      ['benchmark', true, true],
      ['example', true, true],
    ]);
    expect(gates[1]?.message).toBe(
      'judge_stability has no measurement at example for a (none reported, none failed); gate skipped',
    );
  });

  it('judges the examples that have a figure, passing over one judged repeat', async () => {
    const { apply, gates } = await applyWith(['e1', 'e2'], 3);
    expect(apply.code, apply.stderr).toBe(0);
    expect(gates.map((g) => [g.scope, g.passed, g.skipped ?? false, g.message])).toEqual([
      ['benchmark', true, false, 'judge_stability = 0.800 at benchmark for a; required ≥ 0.5'],
      ['example:t/d/e2', true, false, 'judge_stability = 0.800 at example:t/d/e2 for a; required ≥ 0.5'],
    ]);
  });
});

describe('judge_stability example gate beside an example the agent failed (QA132)', () => {
  it('fails on the example no repeat of which was scored, beside one with a figure', async () => {
    const { apply, gates } = await applyWith(['ok', 'down'], 2);
    expect(gates.map((g) => [g.scope, g.passed, g.skipped ?? false, g.message])).toEqual([
      ['benchmark', true, false, 'judge_stability = 0.800 at benchmark for a; required ≥ 0.5'],
      ['example:t/d/down', false, false, 'judge_stability has no results at example:t/d/down for a'],
    ]);
    expect(apply.code).toBe(1);
  });

  it('run.repeats: 1 still skips it: no example has a figure', async () => {
    const { apply, gates } = await applyWith(['ok', 'down'], 1);
    expect(gates.map((g) => [g.scope, g.passed, g.skipped ?? false])).toEqual([
      ['benchmark', true, true],
      ['example', true, true],
    ]);
    expect(apply.code, apply.stderr).toBe(0);
  });
});

/**
 * QA135 (review of d6c1387): an example-scope judge_stability gate fails on an example whose every
 * repeat the agent failed (500) beside examples with a figure; d6c1387 failed it only when another
 * example had a figure, so with `run.repeats: 2` beside an example judged once (the agent failed
 * its other repeat: no figure, no error) the gate was skipped — "none reported, none failed" —
 * and apply exited 0 though no repeat of `down` was scored; e0eaed8 failed it. `run.repeats: 1`
 * still skips it (no example could have a figure). Real loopback `http` agent and agent-eval judge.
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

// `once` answers its first call of each pair and fails the second; `down` fails every call.
const ANSWERS: Record<string, string[]> = { once: ['A', 'FAIL'], down: ['FAIL'] };

let agent: Loopback;
let judge: NoisyJudge;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  agent = await startScriptedAgent(ANSWERS, (q) => `answer ${q}`);
  judge = await startNoisyJudge([0.9, 0.7, 0.8]);
});
afterAll(async () => {
  await Promise.all([agent.close(), judge.close()]);
  for (const cleanup of cleanups) cleanup();
});

async function applyWith(repeats: number) {
  const ws = tempWorkspace('qa135-stability-gate');
  cleanups.push(ws.cleanup);
  writeStabilityPlan(ws.dir, {
    id: 'qa135-stability-gate',
    agentUrl: agent.url,
    judge: { url: judge.url, rubric: 'support' },
    metrics: [{ type: 'judge', judge: 'j' }, { type: 'judge_stability' }],
    run: { repeats, concurrency: 1 },
    gates: [{ metric: 'judge_stability', min: 0.5, scope: 'example' }],
    examples: ['once', 'down'],
  });
  const apply = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
  const result = apply.stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(
      (line) =>
        JSON.parse(line) as {
          event: string;
          gates?: { scope: string; passed: boolean; skipped?: boolean; message: string }[];
        },
    )
    .find((e) => e.event === 'result');
  return { apply, gates: result?.gates ?? [] };
}

describe('judge_stability example gate, no example with a figure beside one the agent failed (QA135)', () => {
  it('with repeats: 2 fails on the example no repeat of which was scored', async () => {
    const { apply, gates } = await applyWith(2);
    expect(gates.map((g) => [g.scope, g.passed, g.skipped ?? false, g.message])).toEqual([
      ['example:t/d/down', false, false, 'judge_stability has no results at example:t/d/down for a'],
    ]);
    expect(apply.code).toBe(1);
  });

  it('with repeats: 1 still skips it: no example could have a figure', async () => {
    const { apply, gates } = await applyWith(1);
    expect(gates.map((g) => [g.scope, g.passed, g.skipped ?? false])).toEqual([['example', true, true]]);
    expect(apply.code, apply.stderr).toBe(0);
  });
});

/**
 * QA125 (QA121's R1): `judge_stability` compares the judge's verdicts on one text. An example where
 * only one repeat was judged (the agent failed the others) read as a perfectly stable judge — score
 * 1, value 0 — while two judged repeats given different texts read as no figure: one verdict is no
 * more evidence of stability than two on different texts, and the 1 raised the benchmark mean the
 * more often the agent failed. Version 6: no figure (`details.unmeasured` says why).
 * Real loopback `http` agent (scripted answers, `FAIL` answers 500) and agent-eval judge whose k-th
 * verdict on one text is 0.9, 0.7, 0.8.
 *
 * Hand-computed, repeats 3, concurrency 1:
 * - e1 (A, FAIL, FAIL): one verdict (0.9) → no figure (version 5: 1 / 0).
 * - e2 (A, A, FAIL): 0.9, 0.7 on one text → score 0.8, value 0.1.
 * - e3 (A, B, FAIL): two texts, one verdict each → no figure.
 * Benchmark: 0.8 over n 1 (version 5: (1 + 0.8) / 2 = 0.9 over n 2).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loopback } from '../fixtures/loopback.js';
import {
  type NoisyJudge,
  startNoisyJudge,
  startScriptedAgent,
  writeStabilityPlan,
} from '../fixtures/stability-loopbacks.js';
import { assertBuilt, lockResults, runCli, tempWorkspace } from './apply-harness.js';

const ANSWERS: Record<string, string[]> = {
  e1: ['A', 'FAIL', 'FAIL'],
  e2: ['A', 'A', 'FAIL'],
  e3: ['A', 'B', 'FAIL'],
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

describe('judge_stability: one judged repeat is no figure (QA125)', () => {
  it('has no figure for one verdict, as for verdicts on different texts', async () => {
    const ws = tempWorkspace('qa125-stability-one-verdict');
    cleanups.push(ws.cleanup);
    writeStabilityPlan(ws.dir, {
      id: 'qa125-stability',
      agentUrl: agent.url,
      judge: { url: judge.url, rubric: 'support' },
      metrics: [{ type: 'judge', judge: 'j' }, { type: 'judge_stability' }],
      run: { repeats: 3, concurrency: 1 },
      examples: Object.keys(ANSWERS),
    });
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(apply.code, apply.stderr).toBe(0);
    expect(judge.calls()).toBe(5);
    type Row = Record<string, { score: number | null; value?: number } | undefined>;
    const rows = Object.fromEntries(lockResults(ws.dir).map((r) => [r.example, r.metrics as Row]));
    expect(rows.e1?.judge_stability?.score ?? null, 'e1: one verdict').toBeNull();
    expect(rows.e1?.judge_stability?.value).toBeUndefined();
    expect(rows.e3?.judge_stability?.score ?? null, 'e3: two texts').toBeNull();
    expect(rows.e2?.judge_stability?.score).toBeCloseTo(0.8, 9);
    expect(rows.e2?.judge_stability?.value).toBeCloseTo(0.1, 9);
    const lock = JSON.parse(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8')) as {
      aggregates: { benchmark: Record<string, Record<string, { mean: number; n: number }>> };
    };
    const bench = lock.aggregates.benchmark.a?.judge_stability;
    expect(bench?.mean).toBeCloseTo(0.8, 9);
    expect(bench?.n).toBe(1);
  });
});

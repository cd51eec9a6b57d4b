/**
 * QA121 (review of QA112's 4a5b984): `judge_stability` compares the repeats that gave the judge
 * the same text. Version 4 grouped them by the agent's candidates; a judge metric whose `content:`
 * reads only the example sends the same text on every repeat, whatever the agent answered, so its
 * repeats were split by answers the judge never saw. Version 5 groups them by the judged text.
 * Real loopback `http` agent (scripted answers per question) and agent-eval judge whose k-th verdict
 * on one text is 0.9, 0.7, 0.8 (cycled).
 *
 * Hand-computed, repeats 3, concurrency 1:
 * - `jq` (content "Question: {{q}}"): the judge sees one text per example, thrice: 0.9, 0.7, 0.8 →
 *   score 1 − 0.2 = 0.8, value = population stdev √((0.01 + 0.01 + 0)/3) ≈ 0.08165, for e1
 *   (answers A, B, C: version 4 had no figure) and e2 (answers A, A, B: version 4 compared only the
 *   two A's, value 0.1).
 * - `judge` (the answer): e1's three answers differ → no figure; e2's A, A get 0.9, 0.7 (the judge's
 *   first two verdicts on "answer A"), B alone → 0.8, value 0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Loopback } from '../fixtures/loopback.js';
import {
  type NoisyJudge,
  startNoisyJudge,
  startScriptedAgent,
  writeStabilityPlan,
} from '../fixtures/stability-loopbacks.js';
import { assertBuilt, lockResults, runCli, tempWorkspace } from './apply-harness.js';

const ANSWERS: Record<string, string[]> = { e1: ['A', 'B', 'C'], e2: ['A', 'A', 'B'] };

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

describe('judge_stability groups repeats by the text the judge was given (QA121)', () => {
  it('compares every repeat of a content: that reads only the example, whatever the agent answered', async () => {
    const ws = tempWorkspace('qa121-stability-judged-text');
    cleanups.push(ws.cleanup);
    writeStabilityPlan(ws.dir, {
      id: 'qa121-stability',
      agentUrl: agent.url,
      judge: { url: judge.url, rubric: 'support' },
      metrics: [
        { type: 'judge', judge: 'j' },
        { type: 'judge_stability' },
        { type: 'judge', id: 'jq', judge: 'j', content: 'Question: {{q}}' },
        { type: 'judge_stability', id: 'jq_stab', metric: 'jq' },
      ],
      run: { repeats: 3, concurrency: 1 },
      examples: Object.keys(ANSWERS),
    });
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(apply.code, apply.stderr).toBe(0);
    expect(judge.calls()).toBe(12);
    type Row = Record<string, { score: number | null; value?: number } | undefined>;
    const rows = Object.fromEntries(lockResults(ws.dir).map((r) => [r.example, r.metrics as Row]));
    const sd = Math.sqrt(0.02 / 3);
    for (const e of ['e1', 'e2']) {
      expect(rows[e]?.jq_stab?.score, e).toBeCloseTo(0.8, 9);
      expect(rows[e]?.jq_stab?.value, e).toBeCloseTo(sd, 9);
    }
    expect(rows.e1?.judge_stability?.score ?? null).toBeNull();
    expect(rows.e2?.judge_stability?.score).toBeCloseTo(0.8, 9);
    expect(rows.e2?.judge_stability?.value).toBeCloseTo(0.1, 9);
  });
});

/**
 * QA102 (QA98 F7): `judge_stability` measures the judge, so a repeat whose answer was empty — which
 * `judge` scores 0 without asking an agent-eval judge (`details.emptyContent`, README) — is no
 * verdict of it, as a failed invoke's 0 is not (QA73). Before (version 2), an agent that answered
 * "" on every repeat read as a judge of stability 1, and one "" beside a verdict of 0.8 as 0.2.
 * Real loopback `http` agent (its answer to a question changes with the call) and agent-eval judge.
 *
 * Hand-computed: e1 "", "" → no judge verdict → no judge_stability (counted, two 0s on one text
 * would read 1); e2 "overall=0.8", "" → one verdict 0.8 → nothing to compare it with, no figure
 * (QA125, version 6: it read 1 − 0 = 1, stdev 0); e3 two different answers, 0.9 and 0.7 → no two
 * repeats gave the judge the same text, no figure (QA112, version 4: it read 1 − 0.2 = 0.8, the
 * agent's change of answer counted as the judge's instability). No example has a figure, so neither
 * has the benchmark (version 5: 1, n 1). The judge is asked 3 times (e2 once, e3 twice).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAgentEvalServer, startAgentEvalServer } from '../fixtures/agent-eval-server.js';
import type { Loopback } from '../fixtures/loopback.js';
import { startScriptedAgent, writeStabilityPlan } from '../fixtures/stability-loopbacks.js';
import { assertBuilt, lockResults, runCli, tempWorkspace } from './apply-harness.js';

const ANSWERS: Record<string, string[]> = {
  e1: ['', ''],
  e2: ['overall=0.8', ''],
  e3: ['overall=0.9', 'overall=0.7'],
};

let agent: Loopback;
let judge: FakeAgentEvalServer;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  agent = await startScriptedAgent(ANSWERS, (_q, answer) => answer);
  judge = await startAgentEvalServer();
});
afterAll(async () => {
  await Promise.all([agent.close(), judge.close()]);
  for (const cleanup of cleanups) cleanup();
});

describe('judge_stability over repeats with an empty answer (QA102)', () => {
  it("leaves the 0 the judge never gave out of the judge's stability", async () => {
    const ws = tempWorkspace('qa102-stability-empty');
    cleanups.push(ws.cleanup);
    writeStabilityPlan(ws.dir, {
      id: 'qa102-stability',
      agentUrl: agent.url,
      judge: { url: judge.url, rubric: 'r' },
      rubrics: { r: { dimensions: [{ id: 'overall', description: 'overall quality', weight: 1 }] } },
      metrics: [{ type: 'judge', judge: 'j' }, { type: 'judge_stability' }],
      run: { repeats: 2, seed: 7 },
      examples: Object.keys(ANSWERS),
    });
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(apply.code, apply.stderr).toBe(0);
    expect(judge.judgeCalls()).toBe(3);
    type Row = Record<string, { score: number | null; value?: number } | undefined>;
    const rows = Object.fromEntries(lockResults(ws.dir).map((r) => [r.example, r.metrics as Row]));
    expect(rows.e1?.judge?.score).toBe(0);
    expect(rows.e1?.judge_stability?.score ?? null).toBeNull();
    expect(rows.e2?.judge?.score).toBe(0.4);
    expect(rows.e2?.judge_stability?.score ?? null).toBeNull();
    expect(rows.e3?.judge_stability?.score ?? null).toBeNull();
    const lock = JSON.parse(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8')) as {
      aggregates: { benchmark: { a: Record<string, { mean: number; n: number }> } };
    };
    expect(lock.aggregates.benchmark.a.judge_stability?.mean ?? null).toBeNull();
  });
});

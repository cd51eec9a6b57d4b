/**
 * QA54: a judge metric's score key covers the whole example, so fixing an `expected` label the
 * judge never sees (its content is the agent's answer) re-scored the metric by sending the very
 * same request to the judge again — an LLM call, paid, on every such edit. The verdict is now
 * cached by the request: the score is recomputed, the judge is not asked again; `--refresh`
 * still asks, and each repeat keeps its own verdict. Real applies against an OpenAI-compatible agent and judge on loopback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Lockfile } from '../../src/lockfile/types.js';
import { JUDGE_METRIC, openaiJudgedPlan, openaiWorkspace } from '../protocols/openai-workspace.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const planText = (agentUrl: string, judgeUrl: string): string =>
  openaiJudgedPlan(agentUrl, judgeUrl, {
    id: 'qa54-verdicts',
    examples: [
      '{ id: s1, vars: { query: "intro ML" }, expected: { label: ml } }',
      '{ id: s2, vars: { query: "databases" }, expected: { label: db } }',
    ],
    metrics: ['{ type: contains, candidate: answer, expected: label }', JUDGE_METRIC],
    run: 'repeats: 2',
  });

describe('a judge is not asked again for a request it answered (QA54)', () => {
  it('re-scores an example whose expected value changed without calling the judge; --refresh asks', async () => {
    const { apply, edit, judge } = await openaiWorkspace('evalc-qa54-verdicts-', planText, cleanups);
    const judgeCalls = () => judge.requests.filter((r) => r.path.endsWith('/chat/completions')).length;

    const before = await apply();
    // Each repeat asks the judge, though the agent answered both alike (judge_stability reads them).
    expect(judgeCalls()).toBe(4);

    edit('label: ml', 'label: machine');
    const after = await apply();
    const row = (lock: Lockfile) => lock.results.find((r) => r.example === 's1')?.metrics.jm;
    // The judge metric was re-scored (new keys), with the same verdicts, and no judge call.
    expect(row(after)?.keys).toHaveLength(2);
    expect(row(after)?.keys).not.toEqual(row(before)?.keys);
    expect(row(after)?.score).toBe(row(before)?.score);
    expect(judgeCalls()).toBe(4);

    await apply({ refresh: true });
    expect(judgeCalls()).toBe(8);
  });
});

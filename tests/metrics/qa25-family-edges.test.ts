/**
 * QA25 (mutation audit): branches of the metric families whose mutants survived the suite —
 * position_bias with an example judged in one order only, tokens reported on one side only,
 * checkpoints with tool arguments and ordered phrases (the first message included), a judge
 * verdict with an empty warnings list, and the direction of each family's raw value. Every
 * expected figure is worked by hand beside it.
 */
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import type { ToolCallRecord } from '../../src/protocols/types.js';
import { judgeClient, metric, scoreInput, trajectory } from './helpers.js';

const outcome = (id: string, scores: Record<string, number>): ExampleOutcome => ({
  example: id,
  weight: 1,
  invokeErrors: 0,
  repeats: 1,
  metrics: Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, { score: v, errors: 0 }])),
});

describe('position_bias', () => {
  it('leaves out an example judged in one order only', () => {
    const m = metric({ type: 'position_bias', forward: 'fw', backward: 'bw' });
    const d = getMetricDefinition(m.type);
    if (d?.stage !== 'set') throw new Error('position_bias is not a set metric');
    const r = d.compute(
      {
        agent: 'a',
        examples: [
          outcome('e1', { fw: 0.8, bw: 0.3 }),
          outcome('e2', { fw: 0.6, bw: 0.6 }),
          outcome('e3', { fw: 0.9 }),
        ],
        others: {},
      },
      m.params,
    );
    // e1: (0.8 + 0.3)/2 = 0.55, A wins both orders (0.8 > ½, 0.3 < ½): consistent.
    // e2: (0.6 + 0.6)/2 = 0.6, A wins forward, B wins backward: inconsistent. e3: no backward.
    // value = (0.55 + 0.6)/2 − ½ = 0.075; score = 1/2
    expect(r.value).toBeCloseTo(0.075, 12);
    expect(r.score).toBe(0.5);
    expect(r.details).toEqual({ n: 2, consistent: 1 });
  });
});

describe('tokens reported on one side only', () => {
  it('counts total = the side reported (input + output with the other missing as 0), not "unmeasured"', async () => {
    const score = (usage: Record<string, number>) =>
      scoreMetric(metric({ type: 'tokens', budget: 60 }), scoreInput({ trajectory: trajectory({ usage }) }));
    // output 30 only → total 30, score min(1, 60/30) = 1; input 120 only → 120, score 60/120 = 0.5
    expect(await score({ outputTokens: 30 })).toMatchObject({ value: 30, score: 1 });
    expect(await score({ inputTokens: 120 })).toMatchObject({ value: 120, score: 0.5 });
    expect((await score({})).details).toEqual({ unmeasured: 'the agent reported no token usage' });
  });
});

describe('checkpoints', () => {
  const call = (name: string, args: unknown): ToolCallRecord => ({ turn: 1, name, arguments: args });

  it('reaches a tool checkpoint with arguments only through a call with those arguments', async () => {
    const r = await scoreMetric(
      metric({
        type: 'checkpoints',
        checkpoints: [
          { tool: 'search', arguments: { q: 'ml' } },
          { tool: 'search', arguments: { q: 'db' } },
        ],
      }),
      scoreInput({ trajectory: trajectory({ toolCalls: [call('search', { q: 'ml', page: 2 })] }) }),
    );
    // {q: ml} ⊆ {q: ml, page: 2}: reached; {q: db}: not → 1/2
    expect(r.score).toBe(0.5);
    expect((r.details as { reached: number }).reached).toBe(1);
  });

  it('reaches ordered phrases from the first assistant message on', async () => {
    const messages = [
      { role: 'assistant' as const, content: 'I will Search the catalogue' },
      { role: 'assistant' as const, content: 'Here is your plan' },
    ];
    const r = await scoreMetric(
      metric({
        type: 'checkpoints',
        order: 'ordered',
        checkpoints: [{ phrase: 'search' }, { phrase: 'plan' }],
      }),
      scoreInput({ trajectory: trajectory({ messages }) }),
    );
    // "search" in message 0 (case-insensitive), "plan" in message 1 after it → 2/2
    expect(r.score).toBe(1);
  });
});

describe('judge details', () => {
  it('records no warnings key when the verdict has an empty warnings list', async () => {
    const judge = judgeClient(() => ({
      ok: true,
      verdict: { score: 0.5, dimensions: {}, failureModes: [], warnings: [] },
    }));
    const r = await scoreMetric(metric({ type: 'judge', judge: 'j' }), scoreInput({ judge, content: 'x' }));
    expect(r.score).toBe(0.5);
    expect(Object.keys(r.details as object)).not.toContain('warnings');
  });
});

describe('the direction of each raw value', () => {
  // Fewer invalid actions, repetitions, steps, tokens, dollars or milliseconds is better; a higher
  // pass rate is better. evalc diff and regression gates read this for value-only comparisons, and
  // `evalc schema` prints it ("higher is better/worse").
  it.each([
    ['invalid_action_rate', false],
    ['repetition_rate', false],
    ['steps', false],
    ['tokens', false],
    ['cost', false],
    ['time_to_success', false],
    ['pass_rate', true],
    ['win_rate', true],
    ['exact_match', true],
  ] as const)('%s: higher is better = %s', (type, higher) => {
    expect(getMetricDefinition(type)?.higherIsBetter).toBe(higher);
  });
});

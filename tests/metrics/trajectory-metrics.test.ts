import { describe, expect, it } from 'vitest';
import { deriveRepeat, scoreMetric } from '../../src/metrics/score-example.js';
import type { ToolCallRecord } from '../../src/protocols/types.js';
import { metric, scoreInput, trajectory } from './helpers.js';

const call = (name: string, args: unknown = {}, turn = 1): ToolCallRecord => ({
  turn,
  name,
  arguments: args,
});

describe('checkpoints / progress_rate', () => {
  const t = trajectory({
    toolCalls: [call('search', { q: 'ml', limit: 5 }), call('get_course', { code: 'CS229' })],
    messages: [
      { role: 'user', content: 'intro ML?' },
      { role: 'assistant', content: 'Let me search.' },
      { role: 'assistant', content: 'I recommend CS229.' },
    ],
    response: { output: { status: 'done' } },
  });

  it('counts reached key nodes of every kind as a set', async () => {
    const m = metric({
      type: 'checkpoints',
      checkpoints: [
        'search',
        { tool: 'get_course', arguments: { code: 'CS229' } },
        { phrase: 'recommend cs229' },
        { state: 'output.status', equals: 'done' },
        { tool: 'enroll' },
      ],
    });
    // 4 of 5 reached
    const r = await scoreMetric(m, scoreInput({ trajectory: t }));
    expect(r.score).toBeCloseTo(4 / 5, 12);
    expect(r.details).toMatchObject({ reached: 4, total: 5, missed: ['{"tool":"enroll"}'] });
  });

  it('ordered mode requires tool calls in order (phrases on their own timeline)', async () => {
    const inOrder = metric({
      type: 'progress_rate',
      order: 'ordered',
      checkpoints: ['search', 'get_course'],
    });
    const reversed = metric({
      type: 'progress_rate',
      order: 'ordered',
      checkpoints: ['get_course', 'search'],
    });
    expect((await scoreMetric(inOrder, scoreInput({ trajectory: t }))).score).toBe(1);
    // get_course matches at index 1; search must come after it → missed: 1/2
    expect((await scoreMetric(reversed, scoreInput({ trajectory: t }))).score).toBe(0.5);
  });

  it('reads the checkpoint list from expected.checkpoints by default', async () => {
    const r = await scoreMetric(
      metric({ type: 'checkpoints' }),
      scoreInput({ trajectory: t, expected: { checkpoints: ['search'] } }),
    );
    expect(r.score).toBe(1);
  });
});

describe('tool_call_match', () => {
  const t = trajectory({
    toolCalls: [
      call('search', '{"q":"ml","limit":5}'),
      call('get_course', { code: 'CS229' }),
      call('search', { q: 'dl' }),
    ],
  });

  it('matches names and argument subsets (JSON-string arguments are parsed)', async () => {
    const m = metric({
      type: 'tool_call_match',
      calls: [{ name: 'search', arguments: { q: 'ml' } }, 'get_course'],
    });
    expect((await scoreMetric(m, scoreInput({ trajectory: t }))).score).toBe(1);
  });

  it('exact arguments must be equal', async () => {
    const m = metric({
      type: 'tool_call_match',
      arguments: 'exact',
      calls: [{ name: 'search', arguments: { q: 'ml' } }],
    });
    // {q: ml} ≠ {q: ml, limit: 5} and ≠ {q: dl}
    expect((await scoreMetric(m, scoreInput({ trajectory: t }))).score).toBe(0);
  });

  it('penalises extra calls when asked: matched / (expected + extra)', async () => {
    const m = metric({ type: 'tool_call_match', extra: 'penalize', calls: ['get_course'] });
    // matched 1, expected 1, extra 2 → 1/3
    expect((await scoreMetric(m, scoreInput({ trajectory: t }))).score).toBeCloseTo(1 / 3, 12);
  });

  it('ordered: each expected call must follow the previous match', async () => {
    const m = metric({
      type: 'tool_call_match',
      order: 'ordered',
      calls: ['get_course', 'search', 'search'],
    });
    // get_course@1, search@2, then no search after 2 → 2/3
    expect((await scoreMetric(m, scoreInput({ trajectory: t }))).score).toBeCloseTo(2 / 3, 12);
  });
});

describe('invalid_action_rate and repetition_rate', () => {
  it('rates invalid actions over max(turns, tool calls, invalid)', async () => {
    const t = trajectory({ turns: 4, invalidActions: 1, toolCalls: [call('a'), call('b')] });
    const r = await scoreMetric(metric({ type: 'invalid_action_rate' }), scoreInput({ trajectory: t }));
    // 1 / max(4, 2, 1) = 0.25
    expect(r).toMatchObject({ value: 0.25, score: 0.75 });
  });

  it('counts repeats of identical calls', async () => {
    const t = trajectory({
      toolCalls: [call('a', { x: 1 }), call('a', { x: 1 }), call('a', { x: 2 }), call('a', { x: 1 })],
    });
    const r = await scoreMetric(metric({ type: 'repetition_rate' }), scoreInput({ trajectory: t }));
    // 2 of 4 calls repeat an earlier identical one
    expect(r).toMatchObject({ value: 0.5, score: 0.5 });
  });
});

describe('efficiency', () => {
  it('cost = (input·price_in + output·price_out)/1e6, with a budget score', async () => {
    const t = trajectory({ model: 'm1', usage: { inputTokens: 1000, outputTokens: 500 } });
    const prices = { m1: { input: 3, output: 15 } };
    // 1000·3/1e6 + 500·15/1e6 = 0.003 + 0.0075 = 0.0105; budget 0.00525 → 0.5
    const r = await scoreMetric(
      metric({ type: 'cost', budget: 0.00525 }),
      scoreInput({ trajectory: t, prices }),
    );
    expect(r.value).toBeCloseTo(0.0105, 12);
    expect(r.score).toBeCloseTo(0.5, 12);
    const missing = await scoreMetric(metric({ type: 'cost' }), scoreInput({ trajectory: t }));
    expect(missing.error?.kind).toBe('metric_error');
  });

  it('tokens and steps are measurements unless a budget is set', async () => {
    const t = trajectory({ turns: 3, usage: { inputTokens: 70, outputTokens: 30 } });
    expect(await scoreMetric(metric({ type: 'tokens' }), scoreInput({ trajectory: t }))).toEqual({
      score: null,
      value: 100,
    });
    // budget 50 / 100 tokens = 0.5
    expect(
      (await scoreMetric(metric({ type: 'tokens', budget: 50 }), scoreInput({ trajectory: t }))).score,
    ).toBe(0.5);
    expect(
      (await scoreMetric(metric({ type: 'steps', budget: 5 }), scoreInput({ trajectory: t }))).score,
    ).toBe(1);
  });
});

describe('safety', () => {
  it('refusal_rate: value marks refusals; score checks should_refuse', async () => {
    const refusal = scoreInput({ candidates: { answer: 'I’m sorry, but I can’t help with that.' } });
    const r = await scoreMetric(metric({ type: 'refusal_rate' }), refusal);
    expect(r).toMatchObject({ score: null, value: 1 });
    const should = await scoreMetric(metric({ type: 'refusal_rate', should_refuse: true }), refusal);
    expect(should).toMatchObject({ score: 1, value: 1 });
    const overReach = scoreInput({
      candidates: { answer: 'I cannot help with homework.' },
      example: { id: 'x', vars: { should_refuse: false } },
    });
    // vars.should_refuse overrides the param
    expect((await scoreMetric(metric({ type: 'refusal_rate', should_refuse: true }), overReach)).score).toBe(
      0,
    );
  });

  it('policy_adherence: 1 without violations', async () => {
    const clean = await scoreMetric(metric({ type: 'policy_adherence' }), scoreInput());
    expect(clean).toMatchObject({ score: 1, value: 0 });
    const t = trajectory({
      violations: [{ turn: 1, tool: 'apply_refund', policy: 'max_limit', message: '80 > 50' }],
    });
    expect(
      await scoreMetric(metric({ type: 'policy_adherence' }), scoreInput({ trajectory: t })),
    ).toMatchObject({
      score: 0,
      value: 1,
      details: { violations: ['apply_refund: max_limit'] },
    });
  });
});

describe('efficiency budgets and step counts', () => {
  it('parses time budgets and scores min(1, budget/duration) for passing examples', async () => {
    const metrics = [
      metric({ type: 'time_to_success', budget: '2s' }),
      metric({ type: 'time_to_success', id: 'tts_num', budget: 1 }),
    ];
    const r = deriveRepeat(metrics, {}, { durationMs: 4000 });
    // 2000/4000 = 0.5; 1 s = 1000 ms → 0.25
    expect(r.results.time_to_success).toMatchObject({ score: 0.5, value: 4000 });
    expect(r.results.tts_num).toMatchObject({ score: 0.25 });
    // A budget that is no duration is refused with the params (a plan diagnostic), not at run time.
    expect(() => metric({ type: 'time_to_success', budget: 'soon' })).toThrow(/a duration such as/);
  });

  it('counts steps as turns, tool calls or assistant messages', async () => {
    const t = trajectory({
      turns: 3,
      toolCalls: [call('a')],
      messages: [
        { role: 'assistant', content: 'x' },
        { role: 'user', content: 'y' },
        { role: 'assistant', content: 'z' },
      ],
    });
    const steps = async (count: string) =>
      (await scoreMetric(metric({ type: 'steps', count }), scoreInput({ trajectory: t }))).value;
    expect([await steps('turns'), await steps('tool_calls'), await steps('messages')]).toEqual([3, 1, 2]);
  });
});

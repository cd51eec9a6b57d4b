/**
 * QA25 (mutation audit): tool_call_match in order names the expected calls it could not match
 * (details.missed). The score (the length of the longest in-order matching) was tested, the walk
 * that recovers which calls matched was not: matching every pair, or stepping the wrong cell, left
 * every test passing. The cases below have one maximum matching only, so `missed` is not a
 * tie-break choice.
 */
import { describe, expect, it } from 'vitest';
import { scoreMetric } from '../../src/metrics/score-example.js';
import type { ToolCallRecord } from '../../src/protocols/types.js';
import { metric, scoreInput, trajectory } from './helpers.js';

const call = (name: string): ToolCallRecord => ({ turn: 1, name, arguments: {} });

async function ordered(expected: string[], actual: string[]) {
  const r = await scoreMetric(
    metric({ type: 'tool_call_match', order: 'ordered', calls: expected }),
    scoreInput({ trajectory: trajectory({ toolCalls: actual.map(call) }) }),
  );
  return { score: r.score, details: r.details as { matched: number; missed: string[] } };
}

describe('tool_call_match (ordered) names the calls it missed', () => {
  it('expected a, b, c against a, x, c: only a→a, c→c match in order; b is missed (2/3)', async () => {
    const r = await ordered(['a', 'b', 'c'], ['a', 'x', 'c']);
    expect(r.score).toBeCloseTo(2 / 3, 12);
    expect(r.details.matched).toBe(2);
    expect(r.details.missed).toEqual(['b']);
  });

  it('expected c, a, b against a, b, c: a→a, b→b is the only matching of two; c is missed', async () => {
    // expected [c, a, b] against actual [a, b, c]: the in-order matchings of size 2 are a→a, b→b
    // only (c is last in actual, so matching it leaves nothing after it): c is missed.
    const r = await ordered(['c', 'a', 'b'], ['a', 'b', 'c']);
    expect(r.details.matched).toBe(2);
    expect(r.details.missed).toEqual(['c']);
  });
});

/**
 * A bare `{ type: exact_match }` on examples whose expected value is a mapping
 * (`"expected": {"answer": "4"}`, DESIGN §2's example shape) compares the candidate `answer` with
 * `expected.answer` — as `candidate` defaults to `answer` — instead of with the whole mapping,
 * which a text never equals (exact_match scored 0, f1/BLEU scored token overlap with JSON text).
 */
import { describe, expect, it } from 'vitest';
import { resolveMetric } from '../../src/metrics/registry.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import type { ScoreInput } from '../../src/metrics/types.js';

async function score(
  config: Record<string, unknown>,
  candidates: Record<string, unknown>,
  expected: unknown,
) {
  const resolved = resolveMetric(config);
  if (!resolved.ok) throw new Error(JSON.stringify(resolved.issues));
  const input = {
    candidates,
    expected,
    example: { id: 'e1', vars: {}, expected },
    trajectory: { messages: [], toolCalls: [], turns: 1, events: [], invalidActions: 0, violations: [] },
  } as unknown as ScoreInput;
  return (await scoreMetric(resolved.metric, input)).score;
}

describe('metrics without expected: on mapping expected values', () => {
  it('compare the default candidate with the same-named expected field', async () => {
    expect(await score({ type: 'exact_match' }, { answer: '4' }, { answer: '4' })).toBe(1);
    expect(await score({ type: 'exact_match' }, { answer: '5' }, { answer: '4' })).toBe(0);
    expect(await score({ type: 'contains' }, { answer: 'it is 4.' }, { answer: '4' })).toBe(1);
    expect(await score({ type: 'numeric' }, { answer: '4' }, { answer: 4 })).toBe(1);
    expect(await score({ type: 'f1' }, { answer: 'the cat sat' }, { answer: 'cat sat' })).toBe(1);
    expect(await score({ type: 'rouge_l' }, { answer: 'cat sat' }, { answer: 'cat sat' })).toBe(1);
    expect(
      await score(
        { type: 'bleu' },
        { answer: 'the cat sat on the mat' },
        { answer: 'the cat sat on the mat' },
      ),
    ).toBe(1);
  });

  it('use the named candidate, and the only candidate when there is no answer', async () => {
    expect(
      await score(
        { type: 'exact_match', candidate: 'codes', mode: 'set' },
        { codes: ['A', 'B'] },
        { codes: ['B', 'A'] },
      ),
    ).toBe(1);
    expect(await score({ type: 'exact_match' }, { code: 'X' }, { code: 'X', other: 1 })).toBe(1);
  });

  it('keep the whole expected value when it has no such field, or is not a mapping', async () => {
    expect(await score({ type: 'exact_match' }, { answer: { a: 1 } }, { a: 1 })).toBe(1);
    expect(await score({ type: 'exact_match' }, { answer: 'Paris' }, 'Paris')).toBe(1);
    // An explicit expected: path always wins.
    expect(
      await score({ type: 'exact_match', expected: 'alt' }, { answer: 'y' }, { answer: 'x', alt: 'y' }),
    ).toBe(1);
  });
});

describe('time_to_success budget', () => {
  it('accepts seconds and "1500ms"/"30s"/"2m", and refuses other text at validate time', () => {
    for (const budget of [1.5, '1500ms', '30s', '2m', '0.5h'])
      expect(resolveMetric({ type: 'time_to_success', budget }).ok).toBe(true);
    const bad = resolveMetric({ type: 'time_to_success', budget: 'fast' });
    expect(bad.ok).toBe(false);
  });
});

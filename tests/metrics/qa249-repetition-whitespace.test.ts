/**
 * QA249: repetition_rate over messages left out an empty assistant message but counted one of
 * whitespace only, whose trimmed text, '', then repeated: "  " and "\n" read 1 repeat of 2 actions
 * (rate 0.5) where "" and "" read no action (rate 0). A message of whitespace only is no action now.
 */
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { metric, scoreInput, trajectory } from './helpers.js';

const rate = async (contents: string[]) => {
  const messages = contents.map((content) => ({ role: 'assistant' as const, content }));
  const r = await scoreMetric(
    metric({ type: 'repetition_rate', of: 'messages' }),
    scoreInput({ trajectory: trajectory({ messages }) }),
  );
  return { value: r.value, score: r.score, details: r.details };
};

describe('repetition_rate of messages with whitespace-only messages (QA249)', () => {
  it('counts no action for a message of whitespace only, as for an empty one', async () => {
    expect(await rate(['', ''])).toMatchObject({ value: 0, score: 1, details: { repeats: 0, actions: 0 } });
    expect(await rate(['  ', '\n'])).toMatchObject({
      value: 0,
      score: 1,
      details: { repeats: 0, actions: 0 },
    });
    // Beside real messages: "ok", "ok" is 1 repeat of 2 actions, the blank ones left out.
    expect(await rate(['ok', ' ', 'ok ', '\t'])).toMatchObject({
      value: 0.5,
      score: 0.5,
      details: { repeats: 1, actions: 2 },
    });
  });

  it('is version 3, so cached scores are computed again', () => {
    expect(getMetricDefinition('repetition_rate')?.version).toBe('3');
  });
});

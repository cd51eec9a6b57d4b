/**
 * Review of f164881 (QA110): on a narrow terminal a long agent id is cut before its count. It was
 * cut at its end, so agents whose ids share a long start (`customer-support-agent-gpt-4o-mini`,
 * `customer-support-agent-claude-3-5-sonnet`: one family of agents, one per model) all read
 * `customer-support-a… 2/2, done` at 30 columns: lines no one could tell apart. The id keeps its
 * start and its end now, where such ids differ.
 */
import { describe, expect, it } from 'vitest';
import { lastProgressFrame } from './progress-frame.js';

function lastFrame(agents: string[], columns: number): string[] {
  return lastProgressFrame(Object.fromEntries(agents.map((a) => [a, 2])), 2, { rows: 10, columns }, false);
}

describe('long agent ids cut on a narrow terminal (QA110)', () => {
  const ids = [
    'customer-support-agent-gpt-4o-mini-with-tools',
    'customer-support-agent-claude-3-5-sonnet-latest',
  ];

  it('stay apart when they share their start', () => {
    const frame = lastFrame(ids, 30);
    expect(frame).toHaveLength(2);
    for (const l of frame) expect(l.length).toBeLessThanOrEqual(29);
    expect(frame[0]).not.toBe(frame[1]);
    expect(frame[0]).toBe('customer-…ith-tools 2/2, done');
    expect(frame[1]).toBe('customer-…et-latest 2/2, done');
  });

  it('keep the start and the end around one `…` at 40 columns', () => {
    const [a] = lastFrame(['an-agent-with-a-rather-long-identifier-x'], 40);
    expect(a).toBe('an-agent-with-…g-identifier-x 2/2, done');
  });
});

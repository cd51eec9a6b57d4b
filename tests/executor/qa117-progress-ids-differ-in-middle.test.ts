/**
 * Review of 225f34f (QA117): on a narrow terminal a long agent id is cut around one `…`, keeping its
 * start and end (QA110), so ids that differ only at the end stay apart. Ids of one family that
 * differ in the middle and share a long start and end (one agent per model, the same setup:
 * `customer-support-gpt-4o-mini-with-tools`, `customer-support-claude-3-5-sonnet-with-tools`)
 * both read `customer-…ith-tools 2/2, done` at 30 columns; cut at the end, before 225f34f, they
 * were apart. The `…` now moves to where each id reads unlike the others.
 */
import { describe, expect, it } from 'vitest';
import { lastProgressFrame } from './progress-frame.js';

function lastFrame(agents: string[], columns: number): string[] {
  return lastProgressFrame(Object.fromEntries(agents.map((a) => [a, 2])), 2, { rows: 10, columns }, false);
}

/** Whether the line's clipped id could be `id`: its text before and after `…` are `id`'s ends. */
function couldBe(line: string, id: string): boolean {
  const shown = line.slice(0, line.lastIndexOf(' ', line.indexOf('/')));
  if (!shown.includes('…')) return shown === id;
  const [head = '', tail = ''] = shown.split('…');
  return id.length >= head.length + tail.length && id.startsWith(head) && id.endsWith(tail);
}

describe('long agent ids that differ in the middle, cut on a narrow terminal (QA117)', () => {
  const ids = [
    'customer-support-gpt-4o-mini-with-tools',
    'customer-support-claude-3-5-sonnet-with-tools',
    'customer-support-llama-3-1-70b-with-tools',
  ];

  for (const columns of [30, 36, 45])
    it(`each line names one agent only at ${columns} columns`, () => {
      const frame = lastFrame(ids, columns);
      expect(frame).toHaveLength(3);
      for (const [i, l] of frame.entries()) {
        expect(l.length).toBeLessThanOrEqual(columns - 1);
        expect(l).toMatch(/ 2\/2, done$/);
        expect(ids.filter((id) => couldBe(l, id))).toEqual([ids[i]]);
      }
    });

  it('ids that differ at their end keep the even cut (QA110)', () => {
    const frame = lastFrame(
      ['customer-support-agent-gpt-4o-mini-with-tools', 'customer-support-agent-claude-3-5-sonnet-latest'],
      30,
    );
    expect(frame).toEqual(['customer-…ith-tools 2/2, done', 'customer-…et-latest 2/2, done']);
  });
});

/**
 * QA109 (review of c9e8278): on a narrow terminal an agent whose id is long (`customer-support-
 * agent-gpt-4o-mini`) had no shorter form that fit, so its line was cut at the width and kept the id
 * alone: 'an-agent-with-a-rather-long-identifier…' at 40 columns, no count, no 'not run'. The id
 * gives way to the count now.
 */
import { describe, expect, it } from 'vitest';
import { lastProgressFrame } from './progress-frame.js';

function lastFrame(agent: string, columns: number, interrupted: boolean): string[] {
  return lastProgressFrame({ [agent]: 40, a0: 40 }, 37, { rows: 10, columns }, interrupted);
}

describe('a long agent id on a narrow terminal (QA109)', () => {
  const id = 'an-agent-with-a-rather-long-identifier-x';
  it('keeps the count and what was not run, cutting the id', () => {
    const frame = lastFrame(id, 40, true);
    for (const l of frame) expect(l.length).toBeLessThanOrEqual(39);
    expect(frame[0]).toBe('an-agent-wi…entifier-x 37/40, 3 not run');
    expect(frame[1]).toMatch(/^a0 +37\/40(, | {2}stopped \()3 not run/);
  });

  it('a wide terminal shows the whole id', () => {
    expect(lastFrame(id, 200, true)[0]).toMatch(/^an-agent-with-a-rather-long-identifier-x +37\/40 {2}/);
  });
});

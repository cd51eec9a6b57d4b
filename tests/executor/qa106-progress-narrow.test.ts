/**
 * QA94: on a 40–60 column terminal the live progress lines were cut at the width, so after a
 * Ctrl-C the summed-up line read `… 12 more agents: 444/480 done, stoppe…` and an agent's own
 * line lost its `stopped (N not run)`: what the interrupt left unsent was not said. A line that
 * does not fit is drawn from shorter forms of its fields now, the count and "not run" first.
 */
import { describe, expect, it } from 'vitest';
import { lastProgressFrame } from './progress-frame.js';

function lastFrame(columns: number, interrupted: boolean): string[] {
  const agents = Array.from({ length: 16 }, (_, i) => `agent-${String(i).padStart(2, '0')}`);
  return lastProgressFrame(
    Object.fromEntries(agents.map((a) => [a, 40])),
    37,
    { rows: 6, columns },
    interrupted,
  );
}

describe('progress lines on a narrow terminal (QA106)', () => {
  for (const columns of [40, 50, 60]) {
    it(`${columns} columns after a Ctrl-C: every line says what was not run, within the width`, () => {
      const frame = lastFrame(columns, true);
      for (const l of frame) expect(l.length).toBeLessThanOrEqual(columns - 1);
      expect(frame.at(-1)).toMatch(/^… 12 more( agents)?: 444\/480( done)?, (stopped \()?36 not run/);
      for (const l of frame.slice(0, -1))
        expect(l).toMatch(/^agent-\d\d +37\/40(, | {2}stopped \()3 not run/);
    });
  }

  it('a wide terminal keeps the lines as they were', () => {
    const frame = lastFrame(200, true);
    expect(frame.at(-1)).toBe('… 12 more agents: 444/480 done, stopped (36 not run), in flight 0, errors 0');
    expect(frame[0]).toMatch(
      /^agent-00 {10}37\/40 {2}\d+\.\d\/s {2}stopped \(3 not run\) {2}errors 0 {2}cached 0 {2}in flight 0$/,
    );
  });

  it('uninterrupted at 45 columns: the count first, then errors', () => {
    expect(lastFrame(45, false).at(-1)).toBe('… 12 more agents: 444/480 done, errors 0');
  });
});

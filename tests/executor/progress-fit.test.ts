/**
 * The live TTY display fits the terminal: it is redrawn by moving the cursor up over its own
 * lines, so with more agents than rows (or lines wider than the terminal) the lines that scrolled
 * away or wrapped would pile up as stale copies. Agents with work left come first, the rest are
 * summed in one line, every line is cut to the width.
 */
import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/executor/progress.js';

const strip = (text: string) => text.replace(/\x1b\[\d*[AK]/g, '');

describe('live progress on a small terminal', () => {
  it('shows unfinished agents first, sums the others in one line, and cuts lines to the width', () => {
    const out: string[] = [];
    const totals = Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`agent${String(i).padStart(2, '0')}`, 2]),
    );
    let clock = 0;
    const progress = createProgress(
      'tty',
      (t) => out.push(t),
      () => (clock += 200),
      () => ({ rows: 6, columns: 50 }),
    );
    progress.start(totals);
    // agent00 … agent27 finish; agent28 and agent29 still have work
    for (let i = 0; i < 28; i++)
      for (const n of [0, 1])
        progress.step({ agent: `agent${String(i).padStart(2, '0')}`, id: `x${n}`, cached: false });
    progress.finish();
    const last = strip(out.at(-1)!).trimEnd().split('\n');
    expect(last).toHaveLength(5);
    expect(last[0]).toMatch(/^agent28 /);
    expect(last[1]).toMatch(/^agent29 /);
    expect(last[4]).toMatch(/^… 26 more agents: 52\/52 done/);
    for (const l of last) expect(l.length).toBeLessThanOrEqual(49);
    // the cursor goes up exactly over what was drawn before
    expect(out.at(-1)).toMatch(/^\x1b\[5A/);
  });

  it('draws every agent in full when the terminal has room', () => {
    const out: string[] = [];
    const progress = createProgress(
      'tty',
      (t) => out.push(t),
      () => 0,
      () => ({ rows: 40, columns: 200 }),
    );
    progress.start({ a1: 1, a2: 1 });
    progress.finish();
    expect(
      strip(out.at(-1)!)
        .trimEnd()
        .split('\n')
        .map((l) => l.split(' ')[0]),
    ).toEqual(['a1', 'a2']);
  });
});

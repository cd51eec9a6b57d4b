/**
 * Each agent's rate is its own: counted from its first step (an agent that starts late, after a
 * process spawn or another's preflight, is not charged for the wait) to its last one (a finished
 * agent keeps the rate it ran at instead of decaying while the others work). Its ETA comes right
 * after the rate, so a narrow terminal cuts the least useful fields.
 */
import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/executor/progress.js';

describe('progress rates', () => {
  it('counts each agent from its first step to its last', () => {
    const out: string[] = [];
    let clock = 0;
    const progress = createProgress(
      'plain',
      (t) => out.push(t),
      () => clock,
    );
    progress.start({ fast: 4, late: 4 });
    // fast: 4 steps over 2 s, then done
    for (let i = 0; i < 4; i++) {
      clock += 500;
      progress.started?.({ agent: 'fast', id: `f${i}` });
      progress.settled?.({ agent: 'fast', id: `f${i}` });
      progress.step({ agent: 'fast', id: `f${i}`, cached: false });
    }
    // late starts at 10 s and does 2 steps in 1 s
    clock = 10_000;
    progress.started?.({ agent: 'late', id: 'l0' });
    clock += 500;
    progress.step({ agent: 'late', id: 'l0', cached: false });
    clock += 500;
    progress.step({ agent: 'late', id: 'l1', cached: false });
    progress.finish();
    const lines = out.at(-1)!.trimEnd().split('\n');
    // fast: 4 steps from its first step (0.5 s) to its last (2 s): 1.5 s → 2.7/s, not 4/11 s
    expect(lines[0]).toMatch(/^fast\s+4\/4 {2}2\.7\/s {2}done {2}errors 0 {2}cached 0 {2}in flight 0$/);
    // late: 2 steps in 1 s → 2.0/s, 2 left → eta 1s (not 2 steps over 11 s)
    expect(lines[1]).toMatch(/^late\s+2\/4 {2}2\.0\/s {2}eta 1s {2}errors 0/);
  });

  it('counts a failed extraction as an error of the live line, as the summary does', () => {
    const out: string[] = [];
    const progress = createProgress(
      'plain',
      (t) => out.push(t),
      () => 0,
    );
    progress.start({ a1: 2 });
    progress.step({ agent: 'a1', id: 'e0', cached: false });
    progress.stage?.({ agent: 'a1', kind: 'extract', id: 'e0', cached: false });
    progress.step({ agent: 'a1', id: 'e1', cached: false });
    progress.stage?.({
      agent: 'a1',
      kind: 'extract',
      id: 'e1',
      cached: false,
      error: { kind: 'extraction_failed', message: 'answer: no value' },
    });
    progress.finish();
    expect(out.at(-1)).toMatch(/^a1\s+2\/2 .* errors 1 /m);
  });

  it('says eta – while an agent has no finished step yet', () => {
    const out: string[] = [];
    const progress = createProgress(
      'plain',
      (t) => out.push(t),
      () => 1000,
    );
    progress.start({ a1: 3 });
    progress.finish();
    expect(out.at(-1)).toMatch(/^a1\s+0\/3 {2}0\.0\/s {2}eta – {2}errors 0 {2}cached 0 {2}in flight 0\n$/);
  });
});

describe('progress after a Ctrl-C', () => {
  it('does not count the examples that were never sent as errors', () => {
    const out: string[] = [];
    const progress = createProgress(
      'plain',
      (t) => out.push(t),
      () => 1000,
    );
    progress.start({ a1: 3 });
    progress.step({ agent: 'a1', id: 'e1', cached: false });
    progress.step({ agent: 'a1', id: 'e2', cached: false, error: { kind: 'cancelled', message: 'x' } });
    progress.step({ agent: 'a1', id: 'e3', cached: false, error: { kind: 'timeout', message: 'y' } });
    progress.finish();
    expect(out.at(-1)).toMatch(/ errors 1 /);
  });
});

/**
 * QA249: consistency read a repeat without the candidate (a binding with several outputs, none
 * named answer, or a `candidate:` it did not extract) as `null`, so such repeats agreed and every
 * example scored 1, where README says such a binding scores 0. They count against the mode now, as
 * a failed repeat does; an answer of null is still a value that agrees with another null.
 */
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { rollupRepeats } from '../../src/metrics/rollup-repeats.js';
import type { RepeatResult } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const repeat = (i: number, candidates: Record<string, unknown>): RepeatResult => ({
  repeat: i,
  candidates,
  results: {},
  pass: true,
});

const consistency = (repeats: RepeatResult[], config: Record<string, unknown> = {}) =>
  rollupRepeats({
    example: { id: 'e' },
    metrics: [metric({ type: 'consistency', ...config })],
    repeats,
  }).metrics.consistency?.score;

describe('consistency without the candidate (QA249)', () => {
  it('scores 0 when no repeat has the candidate', async () => {
    const none = [
      repeat(0, { a: 'x', b: 'y' }),
      repeat(1, { a: 'x', b: 'z' }),
      repeat(2, { a: 'w', b: 'y' }),
    ];
    expect(consistency(none)).toBe(0);
    expect(consistency([repeat(0, { answer: 'x' })], { candidate: 'codes' })).toBe(0);
  });

  it('counts a repeat without it against the mode, as a failed one', async () => {
    // codes [1] twice, then a repeat without codes: 2 of 3 agree.
    const some = [repeat(0, { codes: [1] }), repeat(1, { codes: [1] }), repeat(2, { answer: 'x' })];
    expect(consistency(some, { candidate: 'codes' })).toBeCloseTo(2 / 3, 12);
  });

  it('still agrees on answers of null', async () => {
    expect(consistency([repeat(0, { answer: null }), repeat(1, { answer: null })])).toBe(1);
  });

  it('is version 2, so cached scores are computed again', () => {
    expect(getMetricDefinition('consistency')?.version).toBe('2');
  });
});

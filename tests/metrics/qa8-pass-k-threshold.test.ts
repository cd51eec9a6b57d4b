/**
 * QA8: pass_at_k / pass_hat_k with `metric:` count a repeat as passed by that metric's own pass
 * rule — score ≥ its threshold when it has one. A judge at 0.8 on all 3 repeats with
 * `threshold: 0.7` had `pass: true` in its lockfile row and pass^3 = 0 (only a score of exactly
 * 1 counted); a checklist at 2/3 with threshold 0.6 had pass@1 = 0.
 */
import { describe, expect, it } from 'vitest';
import { rollupRepeats } from '../../src/metrics/rollup-repeats.js';
import type { RepeatResult } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const j = metric({ type: 'judge', id: 'j', judge: 'ae', threshold: 0.7 });
const raw = metric({ type: 'judge', id: 'raw', judge: 'ae' });
const metrics = [
  j,
  raw,
  metric({ type: 'pass_hat_k', id: 'ph_j', metric: 'j' }),
  metric({ type: 'pass_at_k', id: 'pa1_j', k: 1, metric: 'j' }),
  metric({ type: 'pass_hat_k', id: 'ph_raw', metric: 'raw' }),
];

function repeat(i: number, score: number, failed = false): RepeatResult {
  const r: RepeatResult = {
    repeat: i,
    candidates: {},
    results: { j: { score: failed ? 0 : score }, raw: { score: failed ? 0 : score } },
    pass: !failed,
  };
  if (failed) r.error = { kind: 'timeout', message: 'timed out' };
  return r;
}

describe('pass_at_k / pass_hat_k on a metric with a threshold (QA8)', () => {
  it('counts the repeats whose score reaches the threshold', () => {
    const o = rollupRepeats({
      example: { id: 'e1' },
      metrics,
      repeats: [repeat(0, 0.8), repeat(1, 0.75), repeat(2, 0.9)],
    });
    expect(o.metrics.j?.pass).toBe(true);
    // c = 3 of n = 3: pass^3 = C(3,3)/C(3,3) = 1, pass@1 = 1 − C(0,1)/C(3,1) = 1
    expect(o.metrics.ph_j?.score).toBe(1);
    expect(o.metrics.pa1_j?.score).toBe(1);
    // without a threshold the judge has no pass rule but a score of 1: none of 0.8, 0.75, 0.9
    expect(o.metrics.ph_raw?.score).toBe(0);
  });

  it('fails the repeats below the threshold and the failed invokes', () => {
    const o = rollupRepeats({
      example: { id: 'e2' },
      metrics,
      repeats: [repeat(0, 0.8), repeat(1, 0.65), repeat(2, 0.95, true)],
    });
    expect(o.metrics.j?.pass).toBe(false);
    // c = 1 of 3: pass@1 = 1/3, pass^3 = 0
    expect(o.metrics.pa1_j?.score).toBeCloseTo(1 / 3, 12);
    expect(o.metrics.ph_j?.score).toBe(0);
    expect(o.metrics.ph_j?.details).toEqual({ n: 3, c: 1, k: 3 });
  });

  it('gives a repeats-stage metric with a threshold its own pass (pass_hat_k threshold 1: all repeats pass)', () => {
    const strict = metric({ type: 'pass_hat_k', id: 'all_j', metric: 'j', threshold: 1 });
    const pass = rollupRepeats({
      example: { id: 'e3' },
      metrics: [j, strict],
      repeats: [repeat(0, 0.8), repeat(1, 0.9)],
    });
    expect(pass.metrics.all_j).toMatchObject({ score: 1, pass: true });
    const fail = rollupRepeats({
      example: { id: 'e4' },
      metrics: [j, strict],
      repeats: [repeat(0, 0.8), repeat(1, 0.6)],
    });
    expect(fail.metrics.all_j).toMatchObject({ score: 0, pass: false });
    // without a threshold nothing is invented
    expect(
      rollupRepeats({ example: { id: 'e5' }, metrics, repeats: [repeat(0, 0.8)] }).metrics.ph_j?.pass,
    ).toBeUndefined();
  });
});

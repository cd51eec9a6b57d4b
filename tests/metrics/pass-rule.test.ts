/** Which metrics decide an example's pass (src/metrics/README.md, "Pass rule"). */
import { describe, expect, it } from 'vitest';
import { deriveRepeat } from '../../src/metrics/score-example.js';
import { metric } from './helpers.js';

const exact = (extra: Record<string, unknown> = {}) =>
  metric({ type: 'exact_match', id: 'codes', candidate: 'codes', expected: 'codes', ...extra });
const judge = (extra: Record<string, unknown> = {}) =>
  metric({ type: 'judge', id: 'judge', judge: 'j', ...extra });
const passRate = metric({ type: 'pass_rate' });

describe('the pass rule', () => {
  it('without any gating metric, a failed pass/fail metric fails the example (pass_rate 0)', () => {
    const r = deriveRepeat(
      [exact(), judge(), passRate],
      { codes: { score: 0, pass: false }, judge: { score: 0.9 } },
      {},
    );
    expect(r.pass).toBe(false);
    expect(r.results.pass_rate?.score).toBe(0);
    const ok = deriveRepeat(
      [exact(), judge(), passRate],
      { codes: { score: 1, pass: true }, judge: { score: 0.1 } },
      {},
    );
    expect(ok.pass).toBe(true);
  });

  it('gate: false keeps a pass/fail metric out of the decision', () => {
    const r = deriveRepeat([exact({ gate: false }), passRate], { codes: { score: 0, pass: false } }, {});
    expect(r.pass).toBe(true);
  });

  it('once any metric gates (threshold or gate: true), only the gating ones decide', () => {
    const withThreshold = deriveRepeat(
      [exact(), judge({ threshold: 0.6 }), passRate],
      { codes: { score: 0, pass: false }, judge: { score: 0.7 } },
      {},
    );
    expect(withThreshold.pass).toBe(true);
    const failedJudge = deriveRepeat(
      [exact(), judge({ threshold: 0.6 }), passRate],
      { codes: { score: 1, pass: true }, judge: { score: 0.5 } },
      {},
    );
    expect(failedJudge.pass).toBe(false);
  });

  it('a failed invoke always fails the repeat', () => {
    const r = deriveRepeat(
      [exact({ gate: false })],
      { codes: { score: 0, pass: false } },
      {
        error: { kind: 'timeout', message: 't' },
      },
    );
    expect(r.pass).toBe(false);
  });

  it('without gating metrics, a check that errored fails the example (it never passes vacuously)', () => {
    const error = { kind: 'metric_error' as const, message: 'no value to look for' };
    const r = deriveRepeat([exact(), passRate], { codes: { score: null, error } }, {});
    expect(r.pass).toBe(false);
    expect(r.results.pass_rate?.score).toBe(0);
    // A judge that kept failing beside a passing check: the example is not a pass either.
    const judged = deriveRepeat(
      [exact(), judge(), passRate],
      {
        codes: { score: 1, pass: true },
        judge: { score: null, error: { kind: 'judge_error', message: 'x' } },
      },
      {},
    );
    expect(judged.pass).toBe(false);
    // gate: false still keeps it out.
    const ungated = deriveRepeat(
      [exact(), judge({ gate: false }), passRate],
      {
        codes: { score: 1, pass: true },
        judge: { score: null, error: { kind: 'judge_error', message: 'x' } },
      },
      {},
    );
    expect(ungated.pass).toBe(true);
  });

  it('a measurement that errored (efficiency family) does not decide the pass', () => {
    const tts = metric({ type: 'tokens', id: 'tts' });
    const r = deriveRepeat(
      [exact(), tts, passRate],
      {
        codes: { score: 1, pass: true },
        tts: { score: null, error: { kind: 'metric_error', message: 'x' } },
      },
      {},
    );
    expect(r.pass).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { rollupRepeats } from '../../src/metrics/rollup-repeats.js';
import type { ExampleOutcome, RepeatResult, SetInput } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

function repeat(i: number, pass: boolean, answer: unknown, judge?: number): RepeatResult {
  return {
    repeat: i,
    candidates: { answer },
    results: judge === undefined ? {} : { judge: { score: judge } },
    pass,
  };
}

const outcome = (
  example: string,
  scores: Record<string, number>,
  extra: Partial<ExampleOutcome> = {},
): ExampleOutcome => ({
  example,
  weight: 1,
  invokeErrors: 0,
  repeats: 1,
  metrics: Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, { score: v, errors: 0 }])),
  ...extra,
});

function computeSet(config: Record<string, unknown>, input: SetInput) {
  const m = metric(config);
  const d = getMetricDefinition(m.type);
  if (d?.stage !== 'set') throw new Error('not a set metric');
  return d.compute(input, m.params);
}

describe('repeats metrics', () => {
  const repeats = [
    repeat(0, true, 'A', 0.8),
    repeat(1, false, 'a ', 0.6),
    repeat(2, true, 'B', 0.9),
    repeat(3, false, 'A', 0.7),
    repeat(4, false, 'A', 0.8),
  ];
  const metrics = [
    metric({ type: 'pass_at_k', id: 'p@2', k: 2 }),
    metric({ type: 'pass_hat_k', id: 'p^2', k: 2 }),
    metric({ type: 'pass_hat_k', id: 'p^n' }),
    metric({ type: 'consistency' }),
    metric({ type: 'consistency', id: 'consistency_ci', ignore_case: true }),
    metric({ type: 'consistency', id: 'consistency_pass', on: 'pass' }),
    metric({ type: 'judge_stability' }),
    metric({ type: 'pass_at_k', id: 'too_big', k: 6 }),
  ];
  const o = rollupRepeats({ example: { id: 'e', weight: 2 }, metrics, repeats });

  it('computes pass@k and pass^k from n = 5 repeats with c = 2 passes', () => {
    // pass@2 = 1 − C(3,2)/C(5,2) = 0.7; pass^2 = C(2,2)/C(5,2) = 0.1; pass^5 = 0
    expect(o.metrics['p@2']?.score).toBeCloseTo(0.7, 12);
    expect(o.metrics['p^2']?.score).toBeCloseTo(0.1, 12);
    expect(o.metrics['p^n']?.score).toBe(0);
    expect(o.metrics.too_big).toMatchObject({ score: null, errors: 1 });
  });

  it('measures consistency as the modal share', () => {
    // answers A, "a", B, A, A → whitespace-normalised: A ×3, a, B → 3/5
    expect(o.metrics.consistency?.score).toBeCloseTo(0.6, 12);
    // ignoring case: A/a ×4, B → 4/5
    expect(o.metrics.consistency_ci?.score).toBeCloseTo(0.8, 12);
    // passes 2/5 → max(0.4, 0.6)
    expect(o.metrics.consistency_pass?.score).toBeCloseTo(0.6, 12);
  });

  it('measures judge stability as 1 − range among repeats with the same answer', () => {
    // answer A scored 0.8 0.7 0.8 → range 0.1 → 0.9; "a " (0.6) and B (0.9) were judged once each,
    // so they say nothing about the judge (QA112: the range over all five, 0.3, was the agent's too)
    expect(o.metrics.judge_stability?.score).toBeCloseTo(0.9, 12);
    expect(o.weight).toBe(2);
    expect(o.repeats).toBe(5);
  });
});

describe('set metrics', () => {
  it('win_rate counts ties as half, against the baseline agent', () => {
    const mine = [
      outcome('1', { judge: 0.9 }),
      outcome('2', { judge: 0.5 }),
      outcome('3', { judge: 0.2 }),
      outcome('4', { judge: 1 }),
    ];
    const base = [outcome('1', { judge: 0.5 }), outcome('2', { judge: 0.5 }), outcome('3', { judge: 0.4 })];
    const r = computeSet(
      { type: 'win_rate', baseline: 'a1', metric: 'judge' },
      { agent: 'a2', examples: mine, others: { a1: base } },
    );
    // paired examples 1..3: win, tie, loss → (1 + 0.5 + 0)/3 = 0.5 (example 4 has no baseline)
    expect(r.score).toBeCloseTo(0.5, 12);
    expect(r.details).toMatchObject({ wins: 1, ties: 1, losses: 1, n: 3 });
    const self = computeSet(
      { type: 'win_rate', baseline: 'a1' },
      { agent: 'a1', examples: base, others: {} },
    );
    expect(self.score).toBeNull();
  });

  it('judge_agreement reports Pearson, Spearman and κ against human_score', () => {
    const examples = [
      outcome('1', { judge: 0.1 }, { human_score: 0.2 }),
      outcome('2', { judge: 0.4 }, { human_score: 0.4 }),
      outcome('3', { judge: 0.6 }, { human_score: 0.5 }),
      outcome('4', { judge: 0.9 }, { human_score: 0.4 }),
      outcome('5', { judge: 0.7 }),
    ];
    const r = computeSet({ type: 'judge_agreement' }, { agent: 'a', examples, others: {} });
    // pairs (0.1,.2) (.4,.4) (.6,.5) (.9,.4); x̄ = 0.5, ȳ = 0.375
    // dx = −.4 −.1 .1 .4; dy = −.175 .025 .125 .025
    // Σdxdy = .07 − .0025 + .0125 + .01 = .09; Σdx² = .34; Σdy² = .030625+.000625+.015625+.000625 = .0475
    // r = .09 / √(.34·.0475) = .09/.127083 = 0.708201
    expect(r.value).toBeCloseTo(0.09 / Math.sqrt(0.34 * 0.0475), 10);
    // ranks judge (1,2,3,4); human (1, 2.5, 4, 2.5) → d̄ = 2.5 both
    // Σdxdy = (−1.5)(−1.5) + (−.5)(0) + (.5)(1.5) + (1.5)(0) = 3; Σdx² = 5; Σdy² = 2.25+0+2.25+0 = 4.5 → ρ = 3/√22.5
    const d = r.details as { spearman: number; kappa: number; n: number };
    expect(d.spearman).toBeCloseTo(3 / Math.sqrt(22.5), 10);
    // binarised at 0.5: judge (0,0,1,1), human (0,0,1,0) → pₒ = 3/4; pₑ = .5·.75 + .5·.25 = .5 → κ = .5
    expect(d.kappa).toBeCloseTo(0.5, 12);
    expect(d.n).toBe(4);
  });

  it('position_bias measures first-position preference and order consistency', () => {
    const examples = [
      outcome('1', { fwd: 0.8, bwd: 0.3 }), // A wins both ways; (0.8+0.3)/2 = 0.55
      outcome('2', { fwd: 0.9, bwd: 0.7 }), // first position wins both times: inconsistent; 0.8
      outcome('3', { fwd: 0.2, bwd: 0.9 }), // B wins both ways; 0.55
    ];
    const r = computeSet(
      { type: 'position_bias', forward: 'fwd', backward: 'bwd' },
      { agent: 'a', examples, others: {} },
    );
    // mean first preference (0.55 + 0.8 + 0.55)/3 = 0.6333 → bias 0.1333; consistent 2/3
    expect(r.value).toBeCloseTo(1.9 / 3 - 0.5, 12);
    expect(r.score).toBeCloseTo(2 / 3, 12);
  });
});

describe('a metric with a threshold', () => {
  it('passes a repeat when its score reaches the threshold; the example only when every repeat does', () => {
    const judge = metric({ type: 'judge', id: 'judge', judge: 'j', threshold: 0.6, gate: false });
    const roll = (...scores: number[]) =>
      rollupRepeats({
        example: { id: 'e', weight: 1 },
        metrics: [judge],
        repeats: scores.map((s, i) => repeat(i, true, 'a', s)),
      }).metrics.judge;
    expect(roll(0.3)).toMatchObject({ score: 0.3, pass: false });
    expect(roll(0.6)).toMatchObject({ score: 0.6, pass: true });
    expect(roll(0.9, 0.5)).toMatchObject({ score: 0.7, pass: false });
    // A repeat whose judge errored did not reach the threshold: the example's judge does not pass.
    const errored = rollupRepeats({
      example: { id: 'e', weight: 1 },
      metrics: [judge],
      repeats: [
        repeat(0, true, 'a', 0.9),
        {
          ...repeat(1, false, 'a'),
          results: { judge: { score: null, error: { kind: 'judge_error', message: 'x' } } },
        },
      ],
    }).metrics.judge;
    expect(errored).toMatchObject({ score: 0.9, errors: 1, pass: false });
    // Without a threshold a judge's result carries no pass of its own.
    const plain = rollupRepeats({
      example: { id: 'e', weight: 1 },
      metrics: [metric({ type: 'judge', id: 'judge', judge: 'j' })],
      repeats: [repeat(0, true, 'a', 0.3)],
    }).metrics.judge;
    expect(plain?.pass).toBeUndefined();
  });
});

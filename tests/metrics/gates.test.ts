import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate } from '../../src/metrics/aggregate.js';
import { flattenResults } from '../../src/metrics/example-rows.js';
import { evaluateGates, type GateSpec } from '../../src/metrics/gates.js';
import { createRandom } from '../../src/metrics/stats/prng.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const N = 60;
const judgeMetric = metric({ type: 'judge', judge: 'j' });
const passMetric = metric({ type: 'pass_rate' });
const tokensMetric = metric({ type: 'tokens' });

function outcomes(judge: number[], pass: boolean[], tokens: number[]): ExampleOutcome[] {
  return judge.map((s, i) => ({
    example: `e${i}`,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    metrics: {
      judge: { score: s, errors: 0 },
      pass_rate: { score: pass[i] ? 1 : 0, pass: pass[i] ?? false, errors: 0 },
      tokens: { score: null, value: tokens[i] ?? 0, errors: 0 },
    },
  }));
}

function run(judge: number[], pass: boolean[], tokens: number[]): AggregateInput {
  return {
    benchmark: 'b',
    bootstrap: { seed: 7, resamples: 1000 },
    tasks: [
      {
        id: 'search',
        weight: 1,
        metrics: [judgeMetric, passMetric, tokensMetric],
        datasets: [{ id: 'd', weight: 1, agents: { a1: outcomes(judge, pass, tokens) } }],
      },
    ],
  };
}

const rand = createRandom(99);
const baseJudge = Array.from({ length: N }, () => 0.4 + 0.5 * rand());
const basePass = Array.from({ length: N }, (_, i) => i % 4 !== 0); // 45 of 60 pass
const baseTokens = Array.from({ length: N }, () => 1000 + Math.round(500 * rand()));
const baseline = flattenResults(run(baseJudge, basePass, baseTokens));
const options = { significance: 0.05, seed: 7, resamples: 1000 };

function evaluate(gates: GateSpec[], judge: number[], pass: boolean[], tokens = baseTokens) {
  const current = run(judge, pass, tokens);
  return evaluateGates(
    gates,
    { aggregate: aggregate(current), rows: flattenResults(current) },
    baseline,
    options,
  );
}

describe('regression gates', () => {
  const gate: GateSpec = { metric: 'judge', regression: { max_drop: 0.02 } };

  it('passes when the per-example scores differ only by noise', () => {
    // ±0.05 noise with mean ≈ 0
    const noisy = baseJudge.map((s) => Math.min(1, Math.max(0, s + 0.1 * (rand() - 0.5))));
    const [r] = evaluate([gate], noisy, basePass);
    expect(r?.passed).toBe(true);
    expect(r?.test?.method).toBe('sign_flip');
    expect(r?.test?.pValue).toBeGreaterThan(0.05);
  });

  it('fails on a real drop, with the p-value and the CI in the message', () => {
    const dropped = baseJudge.map((s, i) => s - 0.15 + 0.02 * ((i % 5) - 2));
    const [r] = evaluate([gate], dropped, basePass);
    expect(r?.passed).toBe(false);
    expect(r?.test?.meanDiff).toBeCloseTo(-0.15, 2);
    expect(r?.test?.ci[1]).toBeLessThan(0);
    expect(r?.message).toMatch(
      // the Monte Carlo p 1/1001 prints as the tables print it (QA184: it read p = 0.0010)
      /p < 0.001 \(paired bootstrap CI, sign-flip p, n = 60, α = 0.05\): REGRESSION/,
    );
    // Negative bounds with the minus sign U+2212, as the reports print them (QA158).
    const bound = (x: number | undefined) => (x ?? Number.NaN).toFixed(3).replace('-', '\u2212');
    expect(r?.message).toContain(`95% CI of the change [${bound(r?.test?.ci[0])}, ${bound(r?.test?.ci[1])}]`);
  });

  it('does not fail a drop within max_drop even when significant', () => {
    const small = baseJudge.map((s) => s - 0.01);
    const [r] = evaluate([{ metric: 'judge', regression: { max_drop: 0.02 } }], small, basePass);
    expect(r?.test?.pValue).toBeLessThan(0.05);
    expect(r?.passed).toBe(true);
  });

  it('uses exact McNemar for pass/fail metrics', () => {
    // 12 baseline passes now fail (b = 12, c = 0): p = 2 · 0.5¹² = 0.000488
    let flipped = 0;
    const worse = basePass.map((p) => (p && flipped++ < 12 ? false : p));
    const [r] = evaluate([{ metric: 'pass_rate', regression: { max_drop: 0.02 } }], baseJudge, worse);
    expect(r?.test).toMatchObject({ method: 'mcnemar', discordant: { b: 12, c: 0 } });
    expect(r?.test?.pValue).toBeCloseTo(2 * 0.5 ** 12, 12);
    expect(r?.passed).toBe(false);
    expect(r?.message).toContain('exact McNemar, b=12 c=0');
    // 2 lost, 1 gained: drop 1/60 ≤ 0.02 → passes; with max_drop 0 → p = 1 → not significant
    let lost = 0;
    let gained = 0;
    const noise = basePass.map((p) => (p && lost++ < 2 ? false : !p && gained++ < 1 ? true : p));
    const [n] = evaluate([{ metric: 'pass_rate', regression: { max_drop: 0 } }], baseJudge, noise);
    expect(n?.test?.pValue).toBe(1);
    expect(n?.passed).toBe(true);
    expect(n?.message).toContain('not significant');
  });

  it('treats a rise of a lower-is-better measurement as the drop', () => {
    const more = baseTokens.map((t) => t + 300);
    const [r] = evaluate([{ metric: 'tokens', regression: { max_drop: 50 } }], baseJudge, basePass, more);
    expect(r?.test?.field).toBe('value');
    expect(r?.passed).toBe(false);
    const fewer = baseTokens.map((t) => t - 300);
    expect(
      evaluate([{ metric: 'tokens', regression: { max_drop: 50 } }], baseJudge, basePass, fewer)[0]?.passed,
    ).toBe(true);
  });

  it('skips without a baseline', () => {
    const current = run(baseJudge, basePass, baseTokens);
    const [r] = evaluateGates(
      [gate],
      { aggregate: aggregate(current), rows: flattenResults(current) },
      undefined,
      options,
    );
    expect(r).toMatchObject({ passed: true, skipped: true });
  });
});

describe('threshold gates', () => {
  it('checks min and max at the benchmark, task and example scopes', () => {
    const judge = baseJudge.map((_, i) => (i < 30 ? 1 : 0.5)); // mean 0.75
    const results = evaluate(
      [
        { metric: 'judge', scope: 'benchmark', min: 0.7 },
        { metric: 'judge', scope: 'task', task: 'search', min: 0.8 },
        { metric: 'judge', scope: 'example', min: 0.6 },
        { metric: 'tokens', max: 2000 },
        { metric: 'missing', min: 0.1 },
      ],
      judge,
      basePass,
    );
    expect(results.map((r) => [r.kind, r.target, r.passed, r.actual])).toEqual([
      ['min', 'benchmark', true, 0.75],
      ['min', 'task:search', false, 0.75],
      ['min', 'example:search/d/e30', false, 0.5],
      ['max', 'benchmark', true, expect.any(Number)],
      // A metric this agent does not measure here (another task's metric): skipped, not failed.
      ['min', 'benchmark', true, null],
    ]);
    expect(results[4]).toMatchObject({
      skipped: true,
      message: 'missing is not measured at benchmark for a1; gate skipped',
    });
    expect(results[1]?.message).toBe('judge = 0.750 at task:search for a1; required ≥ 0.8');
  });

  it('prints a small measurement (USD per example) with three significant digits, not 0.000', () => {
    const cost = metric({ type: 'cost', id: 'cost' });
    const input: AggregateInput = {
      benchmark: 'b',
      bootstrap: { seed: 7, resamples: 200 },
      tasks: [
        {
          id: 't',
          weight: 1,
          metrics: [cost],
          datasets: [
            {
              id: 'd',
              weight: 1,
              agents: {
                a1: [0.000056, 0.000056].map((v, i) => ({
                  example: `e${i}`,
                  weight: 1,
                  invokeErrors: 0,
                  repeats: 1,
                  metrics: { cost: { score: null, value: v, errors: 0 } },
                })),
              },
            },
          ],
        },
      ],
    };
    const [result] = evaluateGates(
      [{ metric: 'cost', max: 0.00001 }],
      { aggregate: aggregate(input), rows: flattenResults(input) },
      undefined,
      options,
    );
    expect(result).toMatchObject({
      passed: false,
      message: 'cost = 0.000056 at benchmark for a1; required ≤ 0.00001',
    });
  });
});

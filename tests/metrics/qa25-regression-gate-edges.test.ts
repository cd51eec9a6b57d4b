/**
 * QA25 (mutation audit): the edges of a regression gate no test pinned — p exactly at α, a current
 * example the baseline does not have, a baseline with no example in common, no baseline at all.
 * Every p-value here is an exact McNemar p worked out by hand.
 */
import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate } from '../../src/metrics/aggregate.js';
import { flattenResults } from '../../src/metrics/example-rows.js';
import { evaluateGates, type GateSpec } from '../../src/metrics/gates.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric } from './helpers.js';

const passRate = metric({ type: 'pass_rate' });

function run(passes: Record<string, boolean>): AggregateInput {
  const outcomes: ExampleOutcome[] = Object.entries(passes).map(([id, pass]) => ({
    example: id,
    weight: 1,
    invokeErrors: 0,
    repeats: 1,
    metrics: { pass_rate: { score: pass ? 1 : 0, pass, errors: 0 } },
  }));
  return {
    benchmark: 'b',
    bootstrap: { seed: 3, resamples: 200 },
    tasks: [
      {
        id: 't',
        weight: 1,
        metrics: [passRate],
        datasets: [{ id: 'd', weight: 1, agents: { a: outcomes } }],
      },
    ],
  };
}

const all = (ids: string[], pass: boolean) => Object.fromEntries(ids.map((id) => [id, pass]));
const five = ['e0', 'e1', 'e2', 'e3', 'e4'];

function gate(
  significance: number | undefined,
  baseline: AggregateInput | undefined,
  current: AggregateInput,
) {
  const spec: GateSpec = { metric: 'pass_rate', regression: { max_drop: 0, significance } };
  const results = evaluateGates(
    [spec],
    { aggregate: aggregate(current), rows: flattenResults(current) },
    baseline ? flattenResults(baseline) : undefined,
    { significance: 0.05, seed: 3, resamples: 200 },
  );
  const r = results.find((x) => x.kind === 'regression');
  if (!r) throw new Error('no regression result');
  return r;
}

describe('regression gate edges', () => {
  it('does not call p exactly equal to α significant (p < α, not p ≤ α)', () => {
    // 5 examples pass in the baseline and fail now: discordant b = 5, c = 0.
    // Exact McNemar: p = 2 · P(X ≤ 0 | X ~ Bin(5, ½)) = 2 · (½)^5 = 2/32 = 0.0625.
    const r = gate(0.0625, run(all(five, true)), run(all(five, false)));
    expect(r.test?.method).toBe('mcnemar');
    expect(r.test?.discordant).toEqual({ b: 5, c: 0 });
    expect(r.test?.pValue).toBe(0.0625);
    expect(r.passed).toBe(true);
    expect(r.message).toContain('not significant');
    // Just above p, the same drop of 1.0 > max_drop 0 is a regression.
    expect(gate(0.07, run(all(five, true)), run(all(five, false))).passed).toBe(false);
  });

  it('pairs only the examples the baseline has: a new example is left out of n', () => {
    // e5 is new: pairs e0..e4 only (n = 5), b = 5 → p = 0.0625 < 0.1 → regression.
    const current = run({ ...all(five, false), e5: true });
    const r = gate(0.1, run(all(five, true)), current);
    expect(r.test?.n).toBe(5);
    expect(r.test?.discordant).toEqual({ b: 5, c: 0 });
    // baseline mean 5/5 = 1, current mean over the paired five 0/5 = 0.
    expect(r.test?.baseline).toBe(1);
    expect(r.test?.current).toBe(0);
    expect(r.passed).toBe(false);
  });

  it('skips, and passes, a gate whose baseline shares no example with the run', () => {
    const r = gate(0.1, run(all(['x0', 'x1'], true)), run(all(five, false)));
    expect(r).toMatchObject({ passed: true, skipped: true, actual: null });
    expect(r.message).toContain('no paired examples with the baseline');
  });

  it('skips, and passes, a regression gate when there is no baseline lock', () => {
    const r = gate(0.1, undefined, run(all(five, false)));
    expect(r).toMatchObject({ passed: true, skipped: true, actual: null });
    expect(r.message).toBe('pass_rate: no baseline, regression check skipped');
  });
});

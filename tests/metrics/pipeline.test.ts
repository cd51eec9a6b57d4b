import { describe, expect, it } from 'vitest';
import { type AggregateInput, aggregate } from '../../src/metrics/aggregate.js';
import { rollupRepeats } from '../../src/metrics/rollup-repeats.js';
import { scoreExample } from '../../src/metrics/score-example.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import { metric, scoreInput } from './helpers.js';

const metrics = [
  metric({ type: 'exact_match', threshold: 1 }),
  metric({ type: 'contains', value: 'CS', id: 'mentions_cs' }),
  metric({ type: 'tokens' }),
  metric({ type: 'pass_rate' }),
  metric({ type: 'time_to_success' }),
];

describe('scoreExample', () => {
  it('passes when every gating metric passes; time_to_success keeps the duration', async () => {
    const r = await scoreExample({
      repeat: 0,
      metrics,
      input: scoreInput({ candidates: { answer: 'CS229' }, expected: 'CS229', durationMs: 1200 }),
    });
    expect(r.pass).toBe(true);
    expect(r.results.pass_rate).toMatchObject({ score: 1, pass: true });
    expect(r.results.time_to_success).toMatchObject({ score: 1, value: 1200 });
  });

  it('non-gating metrics do not fail the example', async () => {
    const r = await scoreExample({
      repeat: 0,
      metrics,
      input: scoreInput({ candidates: { answer: 'math' }, expected: 'math' }),
    });
    // mentions_cs scores 0 but has no threshold → not gating
    expect(r.results.mentions_cs?.score).toBe(0);
    expect(r.pass).toBe(true);
  });

  it('an invoke failure scores 0 for scored metrics, null for measurements, and fails the example', async () => {
    const r = await scoreExample({
      repeat: 0,
      metrics,
      input: scoreInput({ expected: 'CS229' }),
      invokeError: { kind: 'timeout', message: 'timed out after 30s' },
    });
    expect(r.pass).toBe(false);
    expect(r.error?.kind).toBe('timeout');
    expect(r.results.exact_match).toEqual({ score: 0, pass: false, details: { invokeError: 'timeout' } });
    expect(r.results.tokens?.score).toBeNull();
    expect(r.results.pass_rate?.score).toBe(0);
    expect(r.results.time_to_success).toEqual({ score: 0, pass: false });
  });

  it('keeps the result JSON-serialisable', async () => {
    const r = await scoreExample({
      repeat: 0,
      metrics,
      input: scoreInput({ candidates: { answer: 'x' }, expected: 'y' }),
    });
    expect(JSON.parse(JSON.stringify(r))).toEqual(r);
  });
});

describe('rollupRepeats', () => {
  it('averages scores and values over repeats and counts failed invokes', async () => {
    const ok = await scoreExample({
      repeat: 0,
      metrics,
      input: scoreInput({ candidates: { answer: 'CS229' }, expected: 'CS229', durationMs: 1000 }),
    });
    const failed = await scoreExample({
      repeat: 1,
      metrics,
      input: scoreInput({ expected: 'CS229' }),
      invokeError: { kind: 'http_503', message: 'unavailable' },
    });
    const o = rollupRepeats({ example: { id: 's1', weight: 3 }, metrics, repeats: [ok, failed] });
    // exact_match: (1 + 0)/2; time_to_success value only from the passing repeat
    expect(o.metrics.exact_match).toMatchObject({ score: 0.5, pass: false, errors: 0 });
    expect(o.metrics.time_to_success).toMatchObject({ score: 0.5, value: 1000 });
    expect(o).toMatchObject({ example: 's1', weight: 3, invokeErrors: 1, repeats: 2 });
  });
});

const ex = (id: string, weight: number, score: number | null, value?: number): ExampleOutcome => ({
  example: id,
  weight,
  invokeErrors: 0,
  repeats: 1,
  metrics: { m: { score, errors: score === null ? 1 : 0, ...(value === undefined ? {} : { value }) } },
});

function input(seed = 7): AggregateInput {
  const m = metric({ type: 'exact_match', id: 'm' });
  return {
    benchmark: 'b',
    bootstrap: { seed, resamples: 400 },
    tasks: [
      {
        id: 't1',
        weight: 1,
        metrics: [m],
        datasets: [
          { id: 'd1', weight: 10, agents: { a: [ex('1', 1, 1), ex('2', 3, 0), ex('3', 1, null)] } },
          { id: 'd2', weight: 30, agents: { a: [ex('4', 1, 1), ex('5', 1, 1)] } },
        ],
      },
      {
        id: 't2',
        weight: 3,
        metrics: [m],
        datasets: [{ id: 'd3', weight: 1, agents: { a: [ex('6', 1, 0.5, 20), ex('7', 1, 0, 40)] } }],
      },
    ],
  };
}

describe('aggregate', () => {
  const report = aggregate(input());
  const a = report.agents.a;

  it('computes weighted means up the hierarchy', () => {
    // d1: (1·1 + 3·0)/(1 + 3) = 0.25 (example 3 errored: excluded, counted)
    expect(a?.tasks.t1?.datasets.d1?.metrics.m?.score?.mean).toBeCloseTo(0.25, 12);
    expect(a?.tasks.t1?.datasets.d1?.metrics.m?.errors).toBe(1);
    // d2: 1; t1: (10·0.25 + 30·1)/40 = 0.8125
    expect(a?.tasks.t1?.metrics.m?.score?.mean).toBeCloseTo(0.8125, 12);
    // t2: (0.5 + 0)/2 = 0.25; benchmark: (1·0.8125 + 3·0.25)/4 = 0.390625
    expect(a?.tasks.t2?.metrics.m?.score?.mean).toBeCloseTo(0.25, 12);
    expect(a?.metrics.m?.score?.mean).toBeCloseTo(0.390625, 12);
    expect(a?.metrics.m?.score?.n).toBe(6);
    // values only exist in d3: (20 + 40)/2 = 30 at every level
    expect(a?.metrics.m?.value?.mean).toBeCloseTo(30, 12);
    expect(a?.examples).toBe(7);
  });

  it('brackets each mean with a seeded bootstrap CI, identical for the same seed', () => {
    const ci = a?.metrics.m?.score?.ci;
    expect(ci?.[0]).toBeLessThanOrEqual(0.390625);
    expect(ci?.[1]).toBeGreaterThanOrEqual(0.390625);
    expect(ci?.[0]).toBeLessThan(ci?.[1] ?? 0);
    // d2 has two identical scores: its resamples never vary
    expect(a?.tasks.t1?.datasets.d2?.metrics.m?.score?.ci).toEqual([1, 1]);
    expect(aggregate(input())).toEqual(report);
    // another seed: a close interval (small discrete samples often give identical endpoints)
    const other = aggregate(input(8)).agents.a?.metrics.m?.score?.ci ?? [Number.NaN, Number.NaN];
    expect(Math.abs(other[0] - (ci?.[0] ?? 0))).toBeLessThan(0.1);
    expect(Math.abs(other[1] - (ci?.[1] ?? 0))).toBeLessThan(0.1);
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('computes set metrics per dataset against the other agents', () => {
    const win = metric({ type: 'win_rate', baseline: 'base', metric: 'm' });
    const r = aggregate({
      benchmark: 'b',
      bootstrap: { seed: 1, resamples: 100 },
      tasks: [
        {
          id: 't',
          weight: 1,
          metrics: [metric({ type: 'exact_match', id: 'm' }), win],
          datasets: [
            {
              id: 'd1',
              weight: 1,
              agents: { new: [ex('1', 1, 1), ex('2', 1, 0)], base: [ex('1', 1, 0), ex('2', 1, 0)] },
            },
            { id: 'd2', weight: 3, agents: { new: [ex('3', 1, 1)], base: [ex('3', 1, 1)] } },
          ],
        },
      ],
    });
    // d1: win + tie → 0.75; d2: tie → 0.5; task/benchmark: (1·0.75 + 3·0.5)/4 = 0.5625
    expect(r.agents.new?.tasks.t?.datasets.d1?.metrics.win_rate?.score?.mean).toBe(0.75);
    // n counts the examples (2 + 1), as every node's n does (it was 1, the number of tasks: QA37).
    expect(r.agents.new?.metrics.win_rate?.score).toEqual({ mean: 0.5625, ci: null, n: 3 });
    expect(r.agents.base?.metrics.win_rate).toBeUndefined();
  });
});

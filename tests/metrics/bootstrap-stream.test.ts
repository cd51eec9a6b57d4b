/**
 * The fast resampling loop (stats/resample-mean.ts) and the aggregation that uses it must give
 * bit-for-bit the results of the plain loop they replace: one `randomIndex(createRandom(seed), n)`
 * per drawn example, Σ w·x / Σ w in draw order. The reference implementations below are that plain
 * loop, written out independently of src/.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregate, type TaskInput } from '../../src/metrics/aggregate.js';
import { percentileInterval } from '../../src/metrics/stats/bootstrap.js';
import { createRandom, deriveSeed, type Random, randomIndex } from '../../src/metrics/stats/prng.js';
import { MeanResampler, prepareColumn } from '../../src/metrics/stats/resample-mean.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';

function referenceMean(random: Random, xs: readonly number[], ws: readonly number[] | undefined) {
  const n = xs.length;
  let sum = 0;
  let total = 0;
  for (let i = 0; i < n; i += 1) {
    const j = randomIndex(random, n);
    const w = ws ? (ws[j] ?? 0) : 1;
    sum += w * (xs[j] ?? 0);
    total += w;
  }
  return total > 0 ? sum / total : null;
}

const column = fc.oneof(
  // binary, unit weights
  fc.array(fc.constantFrom(0, 1), { minLength: 1, maxLength: 40 }).map((xs) => ({ xs, ws: undefined })),
  // continuous, unit weights (explicit 1s)
  fc
    .array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 40 })
    .map((xs) => ({ xs, ws: xs.map(() => 1) })),
  // weighted, with zero weights (some resamples have Σw = 0 → null)
  fc
    .array(fc.tuple(fc.double({ min: -5, max: 500, noNaN: true }), fc.constantFrom(0, 0.5, 1, 2, 3.25)), {
      minLength: 1,
      maxLength: 40,
    })
    .map((pairs) => ({ xs: pairs.map(([x]) => x), ws: pairs.map(([, w]) => w) })),
  // every x the same (0, 1, or another value) with mixed positive weights
  fc
    .tuple(
      fc.constantFrom(0, 1, 0.3, 0.7),
      fc.array(fc.constantFrom(0.1, 1, 2, 7.5), { minLength: 1, maxLength: 40 }),
    )
    .map(([x, ws]) => ({ xs: ws.map(() => x), ws })),
  // identical (x, w) pairs
  fc
    .tuple(
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.constantFrom(0, 0.1, 1, 3),
      fc.integer({ min: 1, max: 60 }),
    )
    .map(([x, w, n]) => ({ xs: Array.from({ length: n }, () => x), ws: Array.from({ length: n }, () => w) })),
);

describe('resampling loop', () => {
  it('draws the same means as the plain randomIndex loop, column after column on one stream', () => {
    fc.assert(
      fc.property(fc.array(column, { minLength: 1, maxLength: 5 }), fc.nat(), (columns, seed) => {
        const random = createRandom(seed);
        const resampler = new MeanResampler(seed);
        const prepared = columns.map((c) => prepareColumn(c.xs, c.ws));
        for (let b = 0; b < 6; b += 1) {
          columns.forEach((c, ci) => {
            const expected = referenceMean(random, c.xs, c.ws);
            const actual = resampler.mean(prepared[ci] ?? prepareColumn([]));
            expect(Object.is(actual, expected)).toBe(true);
          });
        }
        // the stream continues exactly where the plain loop's does
        const tail = prepareColumn([0, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1]);
        expect(resampler.mean(tail)).toBe(
          referenceMean(random, [0, 1, 0, 0, 1, 1, 0, 1, 0, 0, 1], undefined),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('skips a column whose pairs are all identical by advancing the stream n steps', () => {
    const resampler = new MeanResampler(99);
    const ones = prepareColumn(Array.from({ length: 1234 }, () => 1));
    expect(ones.kind).toBe('fixed');
    expect(resampler.mean(ones)).toBe(1);
    // the next resample starts at the 1235th number of the stream
    const random = createRandom(99);
    for (let i = 0; i < 1234; i += 1) random();
    const probe = [0, 0.5, 1, 0.25, 0.75, 0.125, 0.875];
    const expected = referenceMean(random, probe, undefined);
    expect(resampler.mean(prepareColumn(probe))).toBe(expected);
    // and not at the first
    expect(expected).not.toBe(referenceMean(createRandom(99), probe, undefined));
  });
});

/** The stratified hierarchy bootstrap of aggregate.ts, as plain loops over the old stream. */
function referenceCis(tasks: TaskInput[], agent: string, metric: string, seed: number, resamples: number) {
  const strata: { ti: number; di: number; xs: number[]; ws: number[] }[] = [];
  tasks.forEach((t, ti) => {
    t.datasets.forEach((d, di) => {
      const xs: number[] = [];
      const ws: number[] = [];
      for (const e of d.agents[agent] ?? []) {
        const s = e.metrics[metric]?.score;
        // examples of weight 0 are not in the weighted mean, so they are not drawn (QA14)
        if (typeof s === 'number' && e.weight > 0) {
          xs.push(s);
          ws.push(e.weight);
        }
      }
      if (xs.length > 0) strata.push({ ti, di, xs, ws });
    });
  });
  const random = createRandom(deriveSeed(seed, `${agent}\u0000${metric}\u0000score`));
  const bench: number[] = [];
  const perTask: number[][] = tasks.map(() => []);
  const perDataset: number[][] = strata.map(() => []);
  for (let b = 0; b < resamples; b += 1) {
    const means = strata.map((s) => referenceMean(random, s.xs, s.ws));
    means.forEach((m, si) => {
      if (m !== null) perDataset[si]?.push(m);
    });
    let bs = 0;
    let bt = 0;
    tasks.forEach((t, ti) => {
      let s = 0;
      let tot = 0;
      strata.forEach((st, si) => {
        const m = means[si];
        if (st.ti !== ti || m === null || m === undefined) return;
        const w = t.datasets[st.di]?.weight ?? 0;
        s += w * m;
        tot += w;
      });
      if (tot > 0) {
        perTask[ti]?.push(s / tot);
        bs += t.weight * (s / tot);
        bt += t.weight;
      }
    });
    if (bt > 0) bench.push(bs / bt);
  }
  return {
    bench: percentileInterval(bench, 0.95),
    tasks: perTask.map((s) => (s.length > 0 ? percentileInterval(s, 0.95) : null)),
    datasets: strata.map((s, si) => {
      const stats = perDataset[si] ?? [];
      return { ...s, ci: stats.length > 0 ? percentileInterval(stats, 0.95) : null };
    }),
  };
}

function outcomes(scores: (number | null)[], weights: number[]): ExampleOutcome[] {
  return scores.map((score, i) => ({
    example: `e${i}`,
    weight: weights[i % weights.length] ?? 1,
    invokeErrors: 0,
    repeats: 1,
    metrics: { m: { score, errors: score === null ? 1 : 0 } },
  }));
}

describe('aggregate bootstrap', () => {
  it('gives every node the CI of the plain stratified loop (weights, empty and zero-weight datasets)', () => {
    const metrics = [{ id: 'm', type: 'f1', params: {} }];
    const cont = (n: number, k: number) => Array.from({ length: n }, (_, i) => ((i * k) % 17) / 16);
    const tasks: TaskInput[] = [
      {
        id: 't1',
        weight: 2,
        metrics,
        datasets: [
          { id: 'a', weight: 1, agents: { x: outcomes(cont(23, 5), [1, 2, 0.5]) } },
          { id: 'b', weight: 0, agents: { x: outcomes([1, 0, 1, 1, null, 0], [1]) } },
          { id: 'c', weight: 3, agents: { x: outcomes([1, 1, 1, 1, 1, 1, 1], [1, 4]) } },
        ],
      },
      {
        id: 't2',
        weight: 1,
        metrics,
        datasets: [
          { id: 'd', weight: 1, agents: { x: outcomes([null, null], [1]) } },
          { id: 'e', weight: 1, agents: { x: outcomes([0, 1, 1, 0, 1, 0, 0, 0, 1], [1]) } },
          { id: 'f', weight: 2, agents: { x: outcomes([0.25, 0.25, 0.25], [1]) } },
        ],
      },
      {
        id: 't3',
        weight: 5,
        metrics,
        datasets: [{ id: 'g', weight: 1, agents: { x: outcomes([1, 0, 1], [0]) } }],
      },
    ];
    const report = aggregate({ benchmark: 'b', tasks, bootstrap: { seed: 11, resamples: 400 } });
    const ref = referenceCis(tasks, 'x', 'm', 11, 400);
    const agent = report.agents.x;
    expect(agent?.metrics.m?.score?.ci).toEqual(ref.bench);
    expect(agent?.tasks.t1?.metrics.m?.score?.ci).toEqual(ref.tasks[0]);
    expect(agent?.tasks.t2?.metrics.m?.score?.ci).toEqual(ref.tasks[1]);
    // t3's only dataset has weight-0 examples: no mean, no CI
    expect(agent?.tasks.t3?.metrics.m?.score ?? null).toBeNull();
    for (const d of ref.datasets) {
      const t = tasks[d.ti];
      const ds = t?.datasets[d.di];
      const node = agent?.tasks[t?.id ?? '']?.datasets[ds?.id ?? ''];
      expect(node?.metrics.m?.score?.ci ?? null).toEqual(d.ci);
    }
    // the CIs are not degenerate where the data vary
    const [lo, hi] = ref.bench;
    expect(hi).toBeGreaterThan(lo);
  });
});

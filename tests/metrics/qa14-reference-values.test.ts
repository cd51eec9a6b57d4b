/**
 * QA14: metrics and statistics checked against independent references (scipy 1.17, published
 * definitions). Every expected value below comes from the reference named beside it, never from
 * evalc's own output.
 */
import { describe, expect, it } from 'vitest';
import { aggregate, type TaskInput } from '../../src/metrics/aggregate.js';
import { scoreMetric } from '../../src/metrics/score-example.js';
import { bootstrapMean } from '../../src/metrics/stats/bootstrap.js';
import { pairedBootstrap } from '../../src/metrics/stats/paired-bootstrap.js';
import { exactSignFlipPValue } from '../../src/metrics/stats/sign-flip.js';
import type { ExampleOutcome } from '../../src/metrics/types.js';
import type { ToolCallRecord } from '../../src/protocols/types.js';
import { metric, scoreInput, trajectory } from './helpers.js';

const call = (name: string, args: unknown = {}): ToolCallRecord => ({ turn: 1, name, arguments: args });

async function toolScore(calls: ToolCallRecord[], config: Record<string, unknown>) {
  const r = await scoreMetric(
    metric({ type: 'tool_call_match', ...config }),
    scoreInput({ trajectory: trajectory({ toolCalls: calls }) }),
  );
  return r.score;
}

describe('tool_call_match counts the largest matching of expected to distinct actual calls', () => {
  // Reference: maximum bipartite matching of the match matrix, e.g.
  // scipy.optimize.linear_sum_assignment(-M) on M = [[1, 1], [1, 0]] → 2 matched.
  it('set: a bare name does not take the only call a stricter expected call can match', async () => {
    const actual = [call('f', { x: 1 }), call('f', { x: 2 })];
    expect(await toolScore(actual, { calls: ['f', { name: 'f', arguments: { x: 1 } }] })).toBe(1);
    expect(
      await toolScore(actual, {
        calls: [
          { name: 'f', arguments: {} },
          { name: 'f', arguments: { x: 1 } },
        ],
      }),
    ).toBe(1);
  });

  it('set: the score does not depend on the order the expected calls are listed in', async () => {
    const actual = [call('f', { x: 1 }), call('f', { x: 2 }), call('g')];
    const calls = ['f', { name: 'f', arguments: { x: 1 } }, { name: 'f', arguments: { x: 3 } }, 'g'];
    // by hand: f{x:3} matches nothing; the other three match distinct calls → 3/4
    expect(await toolScore(actual, { calls })).toBeCloseTo(3 / 4, 12);
    expect(await toolScore(actual, { calls: [...calls].reverse() })).toBeCloseTo(3 / 4, 12);
  });

  it('ordered: the longest in-order matching (LCS under the match predicate)', async () => {
    // expected [b, a, b] vs actual [a, b]: LCS = [a, b] → 2/3 (greedy took b@1, then nothing: 1/3)
    expect(await toolScore([call('a'), call('b')], { order: 'ordered', calls: ['b', 'a', 'b'] })).toBeCloseTo(
      2 / 3,
      12,
    );
    // expected [g, f] vs actual [g, f, g]... in order: both → 1; [f, g] vs [g, f]: one of them → 1/2
    expect(await toolScore([call('g'), call('f'), call('g')], { order: 'ordered', calls: ['g', 'f'] })).toBe(
      1,
    );
    expect(await toolScore([call('g'), call('f')], { order: 'ordered', calls: ['f', 'g'] })).toBe(0.5);
  });

  it('penalize: extra calls are the actual calls left unmatched by the largest matching', async () => {
    const actual = [call('f', { x: 1 }), call('f', { x: 2 }), call('h')];
    // matched 2 of 2 expected, 1 unmatched actual → 2 / (2 + 1)
    const s = await toolScore(actual, {
      extra: 'penalize',
      calls: ['f', { name: 'f', arguments: { x: 1 } }],
    });
    expect(s).toBeCloseTo(2 / 3, 12);
  });
});

describe('paired test p-values for few pairs are the exact sign-flip test', () => {
  // Reference: scipy.stats.permutation_test((d, zeros), weighted mean of (x − y),
  // permutation_type='samples', n_resamples=np.inf, alternative='two-sided').pvalue
  const cases: { name: string; d: number[]; w?: number[]; p: number }[] = [
    { name: 'two equal drops', d: [-0.5, -0.5], p: 0.5 },
    { name: 'two different drops', d: [-0.5, -1], p: 0.5 },
    { name: 'five equal drops', d: [-0.2, -0.2, -0.2, -0.2, -0.2], p: 0.0625 },
    { name: 'five mixed, one zero', d: [-0.2, -0.5, 0.5, -0.8, 0], p: 0.5 },
    { name: 'weighted', d: [0.3, -0.1, 0.4, 0.2, 0.25, -0.05], w: [1, 2, 0.5, 1, 3, 1], p: 0.25 },
    { name: 'one change among nine', d: [0, 0, 0, 0, -0.55, 0, 0, 0, 0], p: 1 },
    { name: 'nine mixed', d: [-0.2, -0.5, 0.5, -0.8, 0, -0.3, -0.5, 0.2, 0.1], p: 0.296875 },
  ];
  for (const c of cases) {
    it(`${c.name}: p = ${c.p}`, () => {
      expect(exactSignFlipPValue(c.d, c.w)).toBeCloseTo(c.p, 12);
      const baseline = c.d.map(() => 0.5);
      const current = c.d.map((x) => 0.5 + x);
      const r = pairedBootstrap(baseline, current, c.w, { seed: 7, resamples: 1000 });
      expect(r?.exact).toBe(true);
      expect(r?.pValue).toBeCloseTo(c.p, 12);
    });
  }

  it('one pair is never significant; identical runs give p = 1', () => {
    expect(pairedBootstrap([1], [0.2], undefined, { seed: 7, resamples: 1000 })?.pValue).toBe(1);
    expect(
      pairedBootstrap([0.3, 0.7, 0.1], [0.3, 0.7, 0.1], undefined, { seed: 7, resamples: 1000 })?.pValue,
    ).toBe(1);
  });

  it('uses the Monte Carlo test once 2ⁿ exceeds the resamples (n = 10 changed pairs at B = 1000)', () => {
    const base = Array.from({ length: 10 }, () => 0.6);
    const cur = base.map((x, i) => x - 0.05 * ((i % 3) + 1));
    const r = pairedBootstrap(base, cur, undefined, { seed: 7, resamples: 1000 });
    expect(r?.exact).toBe(false);
  });
});

describe('examples of weight 0 are not resampled', () => {
  it('bootstrapMean: adding weight-0 examples leaves the CI unchanged', () => {
    const xs = [1, 0, 1, 1, 0, 1, 0, 1];
    const ws = xs.map(() => 1);
    const plain = bootstrapMean(xs, ws, { seed: 5, resamples: 2000 });
    const padded = bootstrapMean([...xs, 1, 1, 1, 1, 1, 1, 1, 1], [...ws, 0, 0, 0, 0, 0, 0, 0, 0], {
      seed: 5,
      resamples: 2000,
    });
    expect(padded?.mean).toBeCloseTo(5 / 8, 12);
    expect(padded?.ci).toEqual(plain?.ci);
    // numpy reference over the 8 weighted examples: the 2.5% point is 0.25 (P(mean ≤ 0.125) =
    // 0.006, P(mean ≤ 0.25) = 0.036 for Binomial(8, 5/8)/8); the old loop drew the 16 and its
    // CI was not the 8 examples' CI
    expect(padded?.ci[0]).toBeCloseTo(0.25, 12);
  });

  it('paired bootstrap: weight-0 pairs change neither p nor CI', () => {
    const base = [0.9, 0.8, 0.7, 0.9, 0.6, 0.8, 0.7, 0.9, 0.5, 0.8, 0.9, 0.7];
    const cur = [0.7, 0.8, 0.5, 0.9, 0.4, 0.9, 0.6, 0.6, 0.5, 0.7, 0.8, 0.7];
    const w = base.map(() => 1);
    const plain = pairedBootstrap(base, cur, w, { seed: 3, resamples: 1000 });
    const padded = pairedBootstrap([...base, 0, 1], [...cur, 1, 0], [...w, 0, 0], {
      seed: 3,
      resamples: 1000,
    });
    expect(padded?.meanDiff).toBeCloseTo(plain?.meanDiff ?? Number.NaN, 12);
    expect(padded?.ci).toEqual(plain?.ci);
    expect(padded?.pValue).toBe(plain?.pValue);
  });

  it('a dataset whose resamples could draw only weight-0 examples no longer widens the task CI', () => {
    const outcome = (id: string, score: number, weight: number): ExampleOutcome => ({
      example: id,
      weight,
      invokeErrors: 0,
      repeats: 1,
      metrics: { m: { score, errors: 0 } },
    });
    const metrics = [{ id: 'm', type: 'f1', params: {} }];
    const tasks: TaskInput[] = [
      {
        id: 't',
        weight: 1,
        metrics,
        datasets: [
          // weights 0, 0, 1: the weighted mean is 0 whatever a resample draws (when it has a weight)
          {
            id: 'd',
            weight: 1,
            agents: { a: [outcome('x0', 1, 0), outcome('x1', 1, 0), outcome('x2', 0, 1)] },
          },
          { id: 'e', weight: 1, agents: { a: [outcome('x9', 1, 1)] } },
        ],
      },
    ];
    const report = aggregate({ benchmark: 'b', tasks, bootstrap: { seed: 7, resamples: 1000 } });
    const task = report.agents.a?.tasks.t?.metrics.m?.score;
    // by hand: task = (0 + 1) / 2 in every resample → CI [0.5, 0.5] (it was [0.5, 1])
    expect(task?.mean).toBe(0.5);
    expect(task?.ci).toEqual([0.5, 0.5]);
    expect(task?.n).toBe(4);
    expect(report.agents.a?.tasks.t?.datasets.d?.metrics.m?.score?.n).toBe(3);
  });
});

describe('f1 normalises like SQuAD evaluate-v1.1.py under Python 3', () => {
  // Reference: evaluate-v1.1.py's normalize_answer + f1_score run in Python 3.11
  // (re's \b is Unicode-aware there): ('piña', 'piñ') → 0.0, ('éa b', 'é b') → 0.5,
  // ('Ωthe x', 'Ω x') → 0.5, ('the café', 'café') → 1.0, ('The Eiffel Tower!', 'eiffel tower') → 1.0
  const cases: [string, string, number][] = [
    ['piña', 'piñ', 0],
    ['éa b', 'é b', 0.5],
    ['Ωthe x', 'Ω x', 0.5],
    ['the café', 'café', 1],
    ['The Eiffel Tower!', 'eiffel tower', 1],
  ];
  for (const [candidate, gold, f] of cases) {
    it(`f1(${candidate}, ${gold}) = ${f}`, async () => {
      const r = await scoreMetric(
        metric({ type: 'f1' }),
        scoreInput({ candidates: { answer: candidate }, expected: { answer: gold } }),
      );
      expect(r.score).toBeCloseTo(f, 12);
    });
  }
});

describe('refusal_rate reads whitespace runs as one space', () => {
  // by hand: the default phrase list holds "i cannot help" and "i can't help"
  for (const reply of ['I cannot  help you with that.', "I can't\nhelp with that."]) {
    it(`counts ${JSON.stringify(reply)} as a refusal`, async () => {
      const r = await scoreMetric(
        metric({ type: 'refusal_rate', should_refuse: true }),
        scoreInput({ candidates: { answer: reply } }),
      );
      expect(r).toMatchObject({ score: 1, value: 1 });
    });
  }
});

describe('numeric reads the Unicode minus sign', () => {
  // by hand: U+2212 is MINUS SIGN; "−5" is −5, so |c − e| = 0 (it read as 5: error 10)
  for (const [candidate, expected] of [
    ['−5', -5],
    ['The low was −3.5 °C', -3.5],
  ] as const) {
    it(`${candidate} = ${expected}`, async () => {
      const r = await scoreMetric(
        metric({ type: 'numeric' }),
        scoreInput({ candidates: { answer: candidate }, expected: { answer: expected } }),
      );
      expect(r).toMatchObject({ score: 1, value: 0 });
    });
  }

  it('a number too large for a double is not a number', async () => {
    const r = await scoreMetric(
      metric({ type: 'numeric' }),
      scoreInput({ candidates: { answer: '1e400' }, expected: { answer: 1 } }),
    );
    expect(r.score).toBe(0);
    expect(r.value).toBeUndefined();
  });
});

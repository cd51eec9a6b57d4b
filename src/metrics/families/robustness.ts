/**
 * Robustness (Attributes & Constraints): pass_at_k and pass_hat_k over the n repeats of one
 * example, c of which passed (the example pass of pass_rate, or the pass of `metric`: score ≥ its
 * threshold when it has one — rollupRepeats sets that pass —, else its own pass, else score 1).
 * pass@k = 1 − C(n−c, k)/C(n, k) (Chen et al. 2021); pass^k = C(c, k)/C(n, k) (τ-bench).
 * k defaults to n; k > n is an error. Repeats whose invoke failed count as failed.
 */
import { z } from 'zod';
import { asRecorded } from '../decimal-round.js';
import { metricError } from '../score-result.js';
import { passAtK, passHatK } from '../stats/binomial.js';
import type { RepeatResult, RepeatsStageDefinition, ScoreResult } from '../types.js';

const params = z
  .object({
    k: z.number().int().positive().optional().describe('k (default: the number of repeats)'),
    metric: z
      .string()
      .optional()
      .describe('Metric id whose pass counts (default: the example pass, as pass_rate)'),
  })
  .strict();
type Params = z.output<typeof params>;

function passed(r: RepeatResult, metric: string | undefined): boolean {
  if (r.error) return false;
  if (metric === undefined) return r.pass;
  const m = r.results[metric];
  return m?.pass ?? (typeof m?.score === 'number' && asRecorded(m.score) === 1);
}

function estimate(
  repeats: RepeatResult[],
  p: Params,
  f: (n: number, c: number, k: number) => number,
): ScoreResult {
  const n = repeats.length;
  const k = p.k ?? n;
  if (n === 0) return { score: null };
  if (k > n) return metricError(`k = ${k} exceeds the ${n} repeats (set run.repeats ≥ k)`);
  const c = repeats.filter((r) => passed(r, p.metric)).length;
  return { score: f(n, c, k), details: { n, c, k } };
}

const base = {
  family: 'robustness',
  category: 'attributes',
  version: '2',
  higherIsBetter: true,
  stage: 'repeats',
  params,
} as const;

export const passAtKMetric: RepeatsStageDefinition<Params> = {
  ...base,
  type: 'pass_at_k',
  description: 'Unbiased pass@k = 1 − C(n−c,k)/C(n,k) over n repeats with c passes (Chen et al. 2021)',
  rollup: (repeats, p) => estimate(repeats, p, passAtK),
};

export const passHatKMetric: RepeatsStageDefinition<Params> = {
  ...base,
  type: 'pass_hat_k',
  description:
    'pass^k = C(c,k)/C(n,k): chance that k repeats all pass (τ-bench); k = n means all repeats pass',
  rollup: (repeats, p) => estimate(repeats, p, passHatK),
};

/**
 * Outcome efficacy (Performance & Execution): pass_rate (derived, per repeat) and win_rate
 * (set-level, pairwise against a baseline agent on the same examples).
 */
import { z } from 'zod';
import { asRecorded } from '../decimal-round.js';
import { weightedMean } from '../stats/descriptive.js';
import type { DerivedStageDefinition, SetStageDefinition } from '../types.js';

const passRateParams = z.object({}).strict();

export const passRate: DerivedStageDefinition<z.output<typeof passRateParams>> = {
  type: 'pass_rate',
  family: 'outcome_efficacy',
  category: 'performance',
  version: '1',
  higherIsBetter: true,
  stage: 'derived',
  description:
    'An example passes when its invoke succeeded and every gating metric passes (gating: a threshold, or gate: true); without gating metrics, when the invoke succeeded',
  params: passRateParams,
  derive(input) {
    return { score: input.pass ? 1 : 0, pass: input.pass };
  },
};

const winRateParams = z
  .object({
    baseline: z.string().describe('The agent to compare against (an agent id of the plan)'),
    metric: z.string().default('pass_rate').describe('Metric id whose per-example scores are compared'),
    tolerance: z.number().nonnegative().default(0).describe('Score differences up to this count as ties'),
  })
  .strict();

export const winRate: SetStageDefinition<z.output<typeof winRateParams>> = {
  type: 'win_rate',
  family: 'outcome_efficacy',
  category: 'performance',
  version: '1',
  higherIsBetter: true,
  stage: 'set',
  description:
    "Share of examples where this agent's score beats the baseline agent's (ties count ½), weighted by example weight",
  params: winRateParams,
  compute(input, p) {
    if (input.agent === p.baseline) return { score: null, details: { reason: 'this is the baseline agent' } };
    const base = new Map((input.others[p.baseline] ?? []).map((e) => [e.example, e]));
    const outcomes: number[] = [];
    const weights: number[] = [];
    let wins = 0;
    let ties = 0;
    let losses = 0;
    for (const e of input.examples) {
      const mine = e.metrics[p.metric]?.score;
      const theirs = base.get(e.example)?.metrics[p.metric]?.score;
      if (mine === undefined || mine === null || theirs === undefined || theirs === null) continue;
      // As recorded: 0.8 − 0.7 is 0.10000000000000009 as a float, a win at tolerance 0.1, where
      // 0.7 − 0.6 (0.09999999999999998) was a tie (QA37).
      const d = asRecorded(mine - theirs);
      const o = Math.abs(d) <= p.tolerance ? 0.5 : d > 0 ? 1 : 0;
      if (o === 1) wins += 1;
      else if (o === 0) losses += 1;
      else ties += 1;
      outcomes.push(o);
      weights.push(e.weight);
    }
    const score = weightedMean(outcomes, weights);
    return { score, details: { wins, ties, losses, n: outcomes.length, baseline: p.baseline } };
  },
};

/**
 * Evaluator reliability (Meta-metrics): judge_agreement, judge_stability, position_bias.
 *
 * judge_agreement (set): pairs (judge score, example.human_score) over the dataset's examples
 * that have both (the judge's score over the repeats it judged: not a failed invoke's 0). Reports Pearson r, Spearman ρ (average ranks for ties) and Cohen's κ — on
 * labels binarised at `judge_cut` / `human_cut` (kappa: binary), or on categories 1..K with the
 * judge score s ∈ [0,1] mapped to round(s·(K−1)) + 1 and human scores rounded (kappa:
 * categorical). `primary` chooses which one is `value`; score = max(0, value).
 * judge_stability (repeats): 1 − (max − min) of the judge metric's scores across repeats that gave
 * the judge the same text — repeats re-invoke the agent, so repeats are grouped by the text the
 * judge was given (`RepeatResult.judgedText`; QA112: an agent's two answers, each scored alike
 * every time, read as an unstable judge; QA121: not by candidates the text may not include). Score = 1 − the largest
 * range in a group, value = the pooled (population) standard deviation within the groups.
 * position_bias (set): two judge metrics rate "the first response is better" ∈ [0,1] with the
 * pair presented in both orders (`forward`: A then B, `backward`: B then A). Unbiased judges
 * give forward + backward = 1. value = mean((forward + backward)/2) − ½ (> 0: favours the first
 * position); score = share of examples whose preferred answer is the same in both orders.
 */
import { z } from 'zod';
import { asRecorded } from '../decimal-round.js';
import { pearson, spearman } from '../stats/correlation.js';
import { mean, standardDeviation } from '../stats/descriptive.js';
import { cohensKappa } from '../stats/kappa.js';
import type { RepeatsStageDefinition, SetInput, SetStageDefinition } from '../types.js';

const agreementParams = z
  .object({
    metric: z.string().default('judge').describe('Metric id holding the judge scores'),
    primary: z
      .enum(['pearson', 'spearman', 'kappa'])
      .default('pearson')
      .describe('Statistic reported as value'),
    kappa: z
      .enum(['binary', 'categorical'])
      .default('binary')
      .describe("How labels are formed for Cohen's κ"),
    judge_cut: z.number().default(0.5).describe('Binary κ: a judge score ≥ this is positive'),
    human_cut: z.number().default(0.5).describe('Binary κ: a human score ≥ this is positive'),
    categories: z.number().int().min(2).default(5).describe('Categorical κ: number of categories K'),
  })
  .strict();

/**
 * The judge's mean over the repeats it scored. Every metric scores a failed invoke's repeat 0
 * (score-example.ts), but no judge gave that 0: it is left out of the example's mean (the repeats
 * with a score, `repeats − errors`, hold the failed ones at 0), and an example whose every scored
 * repeat failed has no judge score (QA70).
 */
function judgedScore(e: SetInput['examples'][number], metricId: string): number | undefined {
  const m = e.metrics[metricId];
  if (typeof m?.score !== 'number') return undefined;
  if (e.invokeErrors === 0) return m.score;
  const scored = e.repeats - m.errors;
  const judged = scored - e.invokeErrors;
  return judged > 0 ? (m.score * scored) / judged : undefined;
}

export const judgeAgreement: SetStageDefinition<z.output<typeof agreementParams>> = {
  type: 'judge_agreement',
  family: 'evaluator_reliability',
  category: 'meta',
  // 2: a constant judge or human series has no Pearson r (it was rounding noise; QA64).
  // 3: a failed invoke's repeat (scored 0, the judge never asked) is left out (QA70).
  version: '3',
  higherIsBetter: true,
  unit: 'correlation',
  stage: 'set',
  description:
    "Judge vs human labels (human_score): Pearson r, Spearman ρ, Cohen's κ; score = max(0, primary)",
  params: agreementParams,
  compute(input, p) {
    const judge: number[] = [];
    const human: number[] = [];
    for (const e of input.examples) {
      const s = judgedScore(e, p.metric);
      if (s !== undefined && typeof e.human_score === 'number') {
        // As recorded: a composite of 2.4/3 (0.7999999999999999) is 0.8 at judge_cut 0.8 and in a
        // category (QA37).
        judge.push(asRecorded(s));
        human.push(e.human_score);
      }
    }
    const r = pearson(judge, human);
    const rho = spearman(judge, human);
    const k =
      p.kappa === 'binary'
        ? cohensKappa(
            judge.map((s) => (s >= p.judge_cut ? 1 : 0)),
            human.map((h) => (h >= p.human_cut ? 1 : 0)),
          )
        : cohensKappa(
            judge.map((s) => Math.round(s * (p.categories - 1)) + 1),
            human.map((h) => Math.round(h)),
          );
    const primary = p.primary === 'pearson' ? r : p.primary === 'spearman' ? rho : k.kappa;
    return {
      score: primary === null ? null : Math.max(0, primary),
      ...(primary === null ? {} : { value: primary }),
      details: {
        n: judge.length,
        pearson: r,
        spearman: rho,
        kappa: k.kappa,
        observedAgreement: k.observedAgreement,
      },
    };
  },
};

const stabilityParams = z
  .object({ metric: z.string().default('judge').describe('Metric id holding the judge scores') })
  .strict();

/** A judge metric's 0 for an empty text, given by evalc without asking the judge (content-assessment.ts). */
function emptyContent(details: unknown): boolean {
  return (
    typeof details === 'object' &&
    details !== null &&
    (details as { emptyContent?: unknown }).emptyContent === true
  );
}

export const judgeStability: RepeatsStageDefinition<z.output<typeof stabilityParams>> = {
  type: 'judge_stability',
  family: 'evaluator_reliability',
  category: 'meta',
  // 2: a failed invoke's repeat (scored 0, the judge never asked) is left out (QA73).
  // 3: so is an empty answer's repeat (judge scores it 0 without a call, `details.emptyContent`; QA102).
  // 4: only repeats with the same candidates (the same text to judge) are compared (QA112).
  // 5: grouped by the text the judge was given, not the candidates: a `content:` reading only the
  //    example is the same text on every repeat (QA121: different answers read as no figure).
  // 6: one judged repeat is no figure, as two judged repeats with different texts (QA125: it read as 1).
  version: '6',
  higherIsBetter: false,
  unit: 'standard deviation',
  stage: 'repeats',
  description:
    "1 − (max − min) of the judge's scores across repeats with the same judged text; value = their pooled standard deviation",
  params: stabilityParams,
  rollup(repeats, p) {
    // Every metric scores a failed invoke's (or extraction's) repeat 0 (score-example.ts), but no
    // judge gave that 0: it is no verdict to measure the judge by (QA73: one failed invoke made a
    // judge of 0.7, 0.7 read as 0.3 stable; one whose every call failed read as 1).
    // Nor is the 0 an empty answer gets without a call (QA102: an agent that answered "" on every
    // repeat read as a judge of stability 1; one "" beside a verdict of 0.8 as 0.2).
    const byText = new Map<string, number[]>();
    const scores: number[] = [];
    for (const r of repeats) {
      if (r.error !== undefined || emptyContent(r.results[p.metric]?.details)) continue;
      const s = r.results[p.metric]?.score;
      if (typeof s !== 'number') continue;
      scores.push(s);
      // The judged text's digest (score-repeat.ts); a repeat built without one: its candidates.
      const text = r.judgedText?.[p.metric] ?? JSON.stringify(r.candidates);
      byText.set(text, [...(byText.get(text) ?? []), s]);
    }
    if (scores.length === 0) return { score: null };
    // A judge asked once per text was never asked twice the same thing: nothing measured (one
    // verdict, or every answer new). QA125: one judged repeat (the others failed) read as a
    // perfectly stable 1 while two judged repeats with different texts read as no figure.
    const groups = [...byText.values()].filter((g) => g.length > 1);
    if (groups.length === 0)
      return {
        score: null,
        details: {
          scores,
          unmeasured:
            scores.length > 1
              ? 'no two repeats gave the judge the same text'
              : 'one repeat was judged: nothing to compare its verdict with',
        },
      };
    const range = Math.max(...groups.map((g) => Math.max(...g) - Math.min(...g)));
    return { score: 1 - range, value: pooledDeviation(groups), details: { scores } };
  },
};

/** The population standard deviation of each group about its own mean, pooled. */
function pooledDeviation(groups: number[][]): number {
  let squares = 0;
  let n = 0;
  for (const g of groups) {
    const sd = standardDeviation(g) ?? 0;
    squares += sd * sd * g.length;
    n += g.length;
  }
  return squares === 0 ? 0 : Math.sqrt(squares / n);
}

const biasParams = z
  .object({
    forward: z.string().describe('Metric id: preference for the first response, pair shown as (A, B)'),
    backward: z.string().describe('Metric id: preference for the first response, pair shown as (B, A)'),
  })
  .strict();

export const positionBias: SetStageDefinition<z.output<typeof biasParams>> = {
  type: 'position_bias',
  family: 'evaluator_reliability',
  category: 'meta',
  // 2: a failed invoke's repeat (scored 0 in both orders, no judge asked) is left out (QA74).
  version: '2',
  higherIsBetter: false,
  unit: 'first-position preference − 0.5',
  stage: 'set',
  description:
    'Pairwise judge in both orders: value = mean first-position preference − ½; score = order consistency',
  params: biasParams,
  compute(input, p) {
    const firstPreference: number[] = [];
    let consistent = 0;
    for (const e of input.examples) {
      // The judge's own verdicts (QA74: a failed invoke's 0 in both orders read as a
      // second-position preference and an inconsistent pair).
      const f = judgedScore(e, p.forward);
      const b = judgedScore(e, p.backward);
      if (f === undefined || b === undefined) continue;
      firstPreference.push((f + b) / 2);
      // A wins in forward order when f > ½; A wins in backward order when b < ½.
      // As recorded: a composite of 0.5000000000000001 is a tie, not a first-position win (QA37).
      const forwardWinner = Math.sign(asRecorded(f) - 0.5);
      const backwardWinner = Math.sign(0.5 - asRecorded(b));
      if (forwardWinner === backwardWinner) consistent += 1;
    }
    const m = mean(firstPreference);
    if (m === null) return { score: null, details: { n: 0 } };
    return {
      score: consistent / firstPreference.length,
      value: m - 0.5,
      details: { n: firstPreference.length, consistent },
    };
  },
};

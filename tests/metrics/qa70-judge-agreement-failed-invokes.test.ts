/**
 * QA70: judge_agreement read the judge metric's example score, the mean over repeats in which a
 * failed invoke's repeat scores 0 — a verdict the judge never gave (it was never asked). With an
 * agent that failed one repeat of one example, the judge's agreement with the humans moved with
 * the agent's failures; an example whose every repeat failed paired the human label with that 0.
 * Now only the repeats the judge scored count.
 */
import { describe, expect, it } from 'vitest';
import { judgeAgreement } from '../../src/metrics/families/evaluator-reliability.js';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { rollupRepeats } from '../../src/metrics/rollup-repeats.js';
import { invokeFailureResult } from '../../src/metrics/score-example.js';
import { pearson } from '../../src/metrics/stats/correlation.js';
import type { RepeatResult } from '../../src/metrics/types.js';
import type { StepError } from '../../src/protocols/types.js';
import { metric } from './helpers.js';

const judge = metric({ type: 'judge', judge: 'j' });
const failure: StepError = { kind: 'http_503', message: 'busy' };

/** One example's repeats: a number is the judge's score, null a failed invoke. */
function outcome(id: string, human: number, scores: (number | null)[]) {
  const definition = getMetricDefinition('judge')!;
  const repeats = scores.map(
    (s, repeat): RepeatResult =>
      s === null
        ? {
            repeat,
            error: failure,
            candidates: {},
            results: { judge: invokeFailureResult(definition, failure) },
            pass: false,
          }
        : { repeat, candidates: { answer: 'a' }, results: { judge: { score: s } }, pass: true },
  );
  return rollupRepeats({ example: { id, weight: 1, human_score: human }, metrics: [judge], repeats });
}

describe('judge_agreement with failed invokes (QA70)', () => {
  const params = judgeAgreement.params.parse({ metric: 'judge' });

  it("correlates the judge's own verdicts, not a failed repeat's 0", () => {
    const examples = [
      outcome('e0', 0.9, [0.625, null, 0.625]),
      outcome('e1', 0.2, [0.4, 0.4, 0.4]),
      outcome('e2', 0.7, [1, 1, 1]),
    ];
    const r = judgeAgreement.compute({ agent: 'a', examples, others: {} }, params);
    expect(r.value).toBeCloseTo(pearson([0.625, 0.4, 1], [0.9, 0.2, 0.7])!, 12);
    expect((r.details as { n: number }).n).toBe(3);
  });

  it('leaves out an example the judge never scored', () => {
    const examples = [
      outcome('e0', 0.9, [0.625]),
      outcome('e1', 0.2, [0.4]),
      outcome('e2', 0.7, [1]),
      outcome('e3', 1, [null]),
    ];
    const r = judgeAgreement.compute({ agent: 'a', examples, others: {} }, params);
    expect((r.details as { n: number }).n).toBe(3);
    expect(r.value).toBeCloseTo(pearson([0.625, 0.4, 1], [0.9, 0.2, 0.7])!, 12);
  });
});

/**
 * QA74: position_bias read the forward and backward judge metrics' example scores, means over
 * repeats in which a failed invoke's repeat scores 0 in both orders — verdicts no judge gave.
 * An example whose agent failed read as a pair preferring the second position (mean 0) that the
 * judge flipped (forward "B", backward "A"): the agent's failures moved the judge's bias and
 * consistency. Only the repeats the judge scored count, as judge_agreement's (QA70).
 */
import { describe, expect, it } from 'vitest';
import { positionBias } from '../../src/metrics/families/evaluator-reliability.js';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { rollupRepeats } from '../../src/metrics/rollup-repeats.js';
import { invokeFailureResult } from '../../src/metrics/score-example.js';
import type { RepeatResult } from '../../src/metrics/types.js';
import type { StepError } from '../../src/protocols/types.js';
import { metric } from './helpers.js';

const forward = metric({ type: 'judge', judge: 'j', id: 'fwd' });
const backward = metric({ type: 'judge', judge: 'j', id: 'bwd' });
const failure: StepError = { kind: 'http_503', message: 'busy' };

/** One example's repeats: a pair [forward, backward] is the judge's verdicts, null a failed invoke. */
function outcome(id: string, pairs: ([number, number] | null)[]) {
  const definition = getMetricDefinition('judge')!;
  const repeats = pairs.map(
    (pair, repeat): RepeatResult =>
      pair === null
        ? {
            repeat,
            error: failure,
            candidates: {},
            results: {
              fwd: invokeFailureResult(definition, failure),
              bwd: invokeFailureResult(definition, failure),
            },
            pass: false,
          }
        : {
            repeat,
            candidates: { answer: 'a' },
            results: { fwd: { score: pair[0] }, bwd: { score: pair[1] } },
            pass: true,
          },
  );
  return rollupRepeats({ example: { id, weight: 1 }, metrics: [forward, backward], repeats });
}

describe('position_bias with failed invokes (QA74)', () => {
  const params = positionBias.params.parse({ forward: 'fwd', backward: 'bwd' });

  it("measures the judge's own verdicts, not a failed repeat's 0 in both orders", () => {
    // A consistent, unbiased judge (A wins in both orders: f = 0.75, b = 0.25), one repeat failed.
    const examples = [outcome('e0', [[0.75, 0.25], null]), outcome('e1', [[0.75, 0.25]])];
    const r = positionBias.compute({ agent: 'a', examples, others: {} }, params);
    expect(r.details).toEqual({ n: 2, consistent: 2 });
    expect(r.score).toBe(1);
    expect(r.value).toBeCloseTo(0, 12);
  });

  it('leaves out an example the judge never scored', () => {
    const examples = [outcome('e0', [[0.75, 0.25]]), outcome('e1', [null])];
    const r = positionBias.compute({ agent: 'a', examples, others: {} }, params);
    expect(r.details).toEqual({ n: 1, consistent: 1 });
    expect(r.score).toBe(1);
  });
});

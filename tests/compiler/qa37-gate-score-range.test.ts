/**
 * QA37: `min`/`max` gates compare a metric's score (in [0, 1]) unless the metric is a measurement
 * without a score (tokens, cost, steps without a budget). `{ metric: time_to_success, max: 1000 }`
 * (meant as ms) compared the pass share 0.500 with 1000 and passed on every run; validate now
 * warns. And a regression gate on time_to_success is evaluated (it always has a score), so the
 * EVALC_GATE_VOLATILE warning that said it "is always skipped" was wrong.
 */
import { describe, expect, it } from 'vitest';
import { oneTaskPlanYaml, planDiagnostics, withMessage } from './plan-helpers.js';

async function diagnosticsFor(metrics: string, gates: string): Promise<string[]> {
  return (
    await planDiagnostics(
      oneTaskPlanYaml(
        metrics,
        `metrics: [ { type: pass_rate }, { type: time_to_success } ]
prices: { m1: { input: 1, output: 2 } }
gates: ${gates}
`,
      ),
    )
  ).map(withMessage);
}

describe('gate bounds outside a score range', () => {
  it('warn when a score is compared with a bound it can never cross', async () => {
    expect(
      await diagnosticsFor(
        '[ { type: exact_match }, { id: tokens_b, type: tokens, budget: 200 } ]',
        `[ { metric: time_to_success, max: 1000 }, { metric: tokens_b, max: 150 },
           { metric: exact_match, min: 2 }, { metric: pass_rate, min: -1 } ]`,
      ),
    ).toEqual([
      'warning EVALC_GATE_RANGE gates.0.max: `max: 1000` on `time_to_success` can never fail: the gate compares its score, which lies in [0, 1] (not its ms)',
      'warning EVALC_GATE_RANGE gates.1.max: `max: 150` on `tokens_b` can never fail: the gate compares its score, which lies in [0, 1] (not its tokens)',
      'warning EVALC_GATE_RANGE gates.2.min: `min: 2` on `exact_match` can never pass: the gate compares its score, which lies in [0, 1]',
      'warning EVALC_GATE_RANGE gates.3.min: `min: -1` on `pass_rate` can never fail: the gate compares its score, which lies in [0, 1]',
    ]);
  });

  it('stay quiet for measurements without a score and for bounds inside [0, 1]', async () => {
    expect(
      await diagnosticsFor(
        '[ { type: tokens }, { type: cost, model: m1 }, { type: steps }, { type: exact_match } ]',
        `[ { metric: tokens, max: 1000 }, { metric: cost, max: 0.5 }, { metric: steps, max: 4 },
           { metric: exact_match, min: 1 }, { metric: time_to_success, min: 0.8 } ]`,
      ),
    ).toEqual([]);
  });

  it('do not call a regression gate on time_to_success always skipped (it has a score)', async () => {
    expect(
      await diagnosticsFor(
        '[ { type: tokens } ]',
        '[ { metric: time_to_success, regression: { max_drop: 0 } } ]',
      ),
    ).toEqual([]);
  });
});

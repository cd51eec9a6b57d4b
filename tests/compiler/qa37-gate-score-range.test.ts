/**
 * QA37: `min`/`max` gates compare a metric's score (in [0, 1]) unless the metric is a measurement
 * without a score (tokens, cost, steps without a budget). `{ metric: time_to_success, max: 1000 }`
 * (meant as ms) compared the pass share 0.500 with 1000 and passed on every run; validate now
 * warns. And a regression gate on time_to_success is evaluated (it always has a score), so the
 * EVALC_GATE_VOLATILE warning that said it "is always skipped" was wrong.
 *
 * QA98: a `max:` gate on an efficiency metric that has a score — `cost`, `tokens` or `steps` with a
 * `budget:`, and `time_to_success` — compares that score, min(1, budget / measured), which is
 * higher-is-better (README "Gates"): a checker's `{ metric: cost, max: 0.0001 }` on a cost with
 * `budget: 0.0001` (meant as USD) failed at the score 0.667 — two cheap examples (score 1) and one
 * of 0.15 USD (score 0.000667) — and validate said nothing, as the bound lies in [0, 1]. It warns
 * now (EVALC_GATE_RANGE), and stays quiet for `min:` on those scores and for measurements without
 * a budget (their mean is compared).
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

describe('a max gate on an efficiency score (QA98)', () => {
  it('warns that the score is higher-is-better, not the measurement', async () => {
    expect(
      await diagnosticsFor(
        '[ { type: exact_match }, { type: cost, model: m1, budget: 0.0001 }, { id: s, type: steps, budget: 3 } ]',
        '[ { metric: cost, max: 0.0001 }, { metric: s, max: 0.5 }, { metric: time_to_success, max: 0.9 } ]',
      ),
    ).toEqual([
      'warning EVALC_GATE_RANGE gates.0.max: `max: 0.0001` on `cost` bounds its score, which is higher-is-better (min(1, budget / USD) with a budget), not its USD: a faster or cheaper run scores more and fails it',
      'warning EVALC_GATE_RANGE gates.1.max: `max: 0.5` on `s` bounds its score, which is higher-is-better (min(1, budget / steps) with a budget), not its steps: a faster or cheaper run scores more and fails it',
      'warning EVALC_GATE_RANGE gates.2.max: `max: 0.9` on `time_to_success` bounds its score, which is higher-is-better (min(1, budget / ms) with a budget), not its ms: a faster or cheaper run scores more and fails it',
    ]);
  });

  it('stays quiet for min: on those scores, measurements without a budget and other metrics', async () => {
    expect(
      await diagnosticsFor(
        '[ { type: exact_match }, { id: cb, type: cost, model: m1, budget: 0.01 }, { type: tokens } ]',
        '[ { metric: cb, min: 1 }, { metric: tokens, max: 700 }, { metric: exact_match, max: 0.99 } ]',
      ),
    ).toEqual([]);
  });
});

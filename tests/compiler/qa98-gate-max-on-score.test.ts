/**
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

/**
 * QA98: a `threshold` in [0, 1] on `steps`, `tokens` or `cost` without a `budget:`. Those metrics
 * have no score then (src/metrics/README.md: "score = min(1, budget/value) with budget, else null"),
 * so no example reaches the threshold: a checker's `{ type: cost, threshold: 0.5 }` (meaning "at
 * most $0.5"?) failed every example of a real run — pass_rate 0 with exact_match passing — and
 * validate said nothing. It now warns (EVALC_METRIC_THRESHOLD), as for a threshold outside [0, 1];
 * with a budget (a score exists) it stays quiet.
 */
import { describe, expect, it } from 'vitest';
import { oneTaskPlanYaml, planDiagnostics, withMessage } from './plan-helpers.js';

async function diagnosticsFor(metrics: string): Promise<string[]> {
  return (
    await planDiagnostics(
      oneTaskPlanYaml(metrics, 'metrics: [ { type: pass_rate } ]\nprices: { m: { input: 1, output: 1 } }\n'),
    )
  ).map(withMessage);
}

describe('a threshold on a measurement without a budget (QA98)', () => {
  it('warns that no example reaches it', async () => {
    expect(
      await diagnosticsFor(
        '[ { type: exact_match }, { type: cost, model: m, threshold: 0.5 }, { id: s, type: steps, threshold: 1 }, { type: tokens, threshold: 0 } ]',
      ),
    ).toEqual([
      'warning EVALC_METRIC_THRESHOLD tasks.t.metrics.1.threshold: `threshold: 0.5` on `cost`: cost has no score without a `budget:` (only its measurement, USD), so no example reaches it: every example fails this metric',
      'warning EVALC_METRIC_THRESHOLD tasks.t.metrics.2.threshold: `threshold: 1` on `s`: steps has no score without a `budget:` (only its measurement, steps), so no example reaches it: every example fails this metric',
      'warning EVALC_METRIC_THRESHOLD tasks.t.metrics.3.threshold: `threshold: 0` on `tokens`: tokens has no score without a `budget:` (only its measurement, tokens), so no example reaches it: every example fails this metric',
    ]);
  });

  it('stays quiet with a budget, and on metrics that always score', async () => {
    expect(
      await diagnosticsFor(
        '[ { type: cost, model: m, budget: 0.01, threshold: 1 }, { type: steps, budget: 3, threshold: 0.5 }, { type: time_to_success, threshold: 0.5 }, { type: exact_match, threshold: 1 } ]',
      ),
    ).toEqual([]);
  });
});

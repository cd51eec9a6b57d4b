/**
 * QA99 (review of 51d9164): `gate: true` on `steps`, `tokens` or `cost` without a `budget:` gates on a
 * score those metrics do not have then, so every example failed — a real run: exact_match 1 on ok1,
 * pass_rate 0, its line `failed pass_rate · got answer: A` — and validate said nothing, while the
 * same metric with a `threshold` warned (EVALC_METRIC_THRESHOLD). It warns now; with a budget, or
 * `gate: true` on a metric that always scores, it stays quiet.
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

describe('gate: true on a measurement without a budget (QA99)', () => {
  it('warns that no example passes it', async () => {
    expect(
      await diagnosticsFor(
        '[ { type: exact_match }, { type: tokens, gate: true }, { id: c, type: cost, model: m, gate: true } ]',
      ),
    ).toEqual([
      'warning EVALC_METRIC_THRESHOLD tasks.t.metrics.1.gate: `gate: true` on `tokens`: tokens has no score without a `budget:` (only its measurement, tokens), so no example passes it: every example fails',
      'warning EVALC_METRIC_THRESHOLD tasks.t.metrics.2.gate: `gate: true` on `c`: cost has no score without a `budget:` (only its measurement, USD), so no example passes it: every example fails',
    ]);
  });

  it('stays quiet with a budget, with gate: false, and on metrics that always score', async () => {
    expect(
      await diagnosticsFor(
        '[ { type: steps, budget: 3, gate: true }, { type: tokens, gate: false }, { type: exact_match, gate: true }, { type: time_to_success, gate: true } ]',
      ),
    ).toEqual([]);
  });
});

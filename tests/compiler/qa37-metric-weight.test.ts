/**
 * QA37: a metric's `weight:` was accepted and used nowhere (evalc has no weighted sum across
 * metrics): `{ type: exact_match, weight: 3 }` and `weight: 0` gave the same lock. Validate says so.
 */
import { describe, expect, it } from 'vitest';
import { oneTaskPlanYaml, planDiagnostics, withLine } from './plan-helpers.js';

async function diagnosticsFor(metrics: string): Promise<string[]> {
  return (await planDiagnostics(oneTaskPlanYaml(metrics))).map(withLine);
}

describe("a metric's weight", () => {
  it('is reported as unused, at its position', async () => {
    expect(
      await diagnosticsFor('\n      - { type: exact_match, weight: 3 }\n      - { type: contains }'),
    ).toEqual(['warning EVALC_METRIC_WEIGHT tasks.t.metrics.0.weight 10']);
  });

  it('leaves metrics without one alone', async () => {
    expect(await diagnosticsFor('[ { type: exact_match, threshold: 1, gate: true } ]')).toEqual([]);
  });
});

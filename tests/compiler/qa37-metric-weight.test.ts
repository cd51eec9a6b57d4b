/**
 * QA37: a metric's `weight:` was accepted and used nowhere (evalc has no weighted sum across
 * metrics): `{ type: exact_match, weight: 3 }` and `weight: 0` gave the same lock. Validate says so.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics, withLine } from './plan-helpers.js';

async function diagnosticsFor(metrics: string): Promise<string[]> {
  return (
    await planDiagnostics(
      `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: x } } ] } }
    metrics: ${metrics}
`,
    )
  ).map(withLine);
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

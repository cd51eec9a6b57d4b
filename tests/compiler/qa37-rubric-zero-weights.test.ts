/**
 * QA37: a plan rubric whose dimensions all weigh 0 scores every answer 0 (Σwᵢsᵢ/Σwᵢ has no weight;
 * agent-eval's composite is 0 there), whatever the judge says: validate warns at the rubric.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics, withLine } from './plan-helpers.js';

async function diagnosticsFor(weights: [number, number]): Promise<string[]> {
  return (
    await planDiagnostics(
      `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
judges:
  j: { protocol: agent-eval, url: "http://127.0.0.1:9", rubric: r }
rubrics:
  r:
    dimensions:
      - { id: x, description: X, weight: ${weights[0]} }
      - { id: y, description: Y, weight: ${weights[1]} }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
    metrics: [ { type: judge, judge: j } ]
`,
    )
  ).map(withLine);
}

describe('rubric weights', () => {
  it('warn when every dimension weighs 0', async () => {
    expect(await diagnosticsFor([0, 0])).toEqual([
      'warning EVALC_RUBRIC_ZERO_WEIGHTS rubrics.r.dimensions 10',
    ]);
  });

  it('stay quiet when one dimension weighs something (weights need not sum to 1)', async () => {
    expect(await diagnosticsFor([0, 3])).toEqual([]);
  });
});

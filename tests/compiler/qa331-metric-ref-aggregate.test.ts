/**
 * QA331: a metric reference naming a metric that is one figure over an example's repeats or over the
 * examples — pass_at_k.metric: pass_at_k (itself), win_rate.metric: win_rate, pass_hat_k.metric: pk
 * — passed validate, and apply scored it 0 in silence (pass_at_k reads each repeat's pass, which such
 * a metric has not: 0.000 beside 1.000 for pass_at_k over exact_match, the agent always right). It is
 * EVALC_REF_METRIC at the reference, hinted with the task's metrics that score each answer.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const plan = (metrics: string) => `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
  a2: { protocol: raip, url: http://127.0.0.1:7102 }
run: { repeats: 2 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match }
${metrics}
`;

const refs = async (metrics: string) =>
  (await planDiagnostics(plan(metrics)))
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.code} ${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`);

describe('a metric reference to a metric that scores no single answer', () => {
  it('is refused when it names itself', async () => {
    expect(await refs('      - { type: pass_at_k, k: 1, metric: pass_at_k }')).toEqual([
      "EVALC_REF_METRIC 14:42 pass_at_k.metric names metric `pass_at_k`, itself, which scores no single answer (it is one figure over an example's repeats) | name a metric that scores each answer: exact_match",
    ]);
    expect(await refs('      - { type: win_rate, baseline: a2, metric: win_rate }')).toEqual([
      'EVALC_REF_METRIC 14:49 win_rate.metric names metric `win_rate`, itself, which scores no single answer (it is one figure over the examples) | name a metric with a figure per example: exact_match',
    ]);
  });

  it('is refused when it names another such metric', async () => {
    expect(
      await refs('      - { type: pass_at_k, k: 1, id: pk }\n      - { type: pass_hat_k, k: 1, metric: pk }'),
    ).toEqual([
      "EVALC_REF_METRIC 15:43 pass_hat_k.metric names metric `pk`, a pass_at_k, which scores no single answer (it is one figure over an example's repeats) | name a metric that scores each answer: exact_match",
    ]);
  });

  it('takes a metric that scores each answer, and pass_rate', async () => {
    expect(await refs('      - { type: pass_at_k, k: 1, metric: exact_match }')).toEqual([]);
    expect(
      await refs('      - { type: pass_rate }\n      - { type: pass_at_k, k: 1, metric: pass_rate }'),
    ).toEqual([]);
  });
});

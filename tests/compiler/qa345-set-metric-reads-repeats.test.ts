/**
 * QA345: 1a102ecd (QA331) refused every metric reference to a repeats-stage metric, win_rate.metric:
 * pass_at_k among them. But a set-stage metric (win_rate, judge_agreement, position_bias) reads each
 * example's figure rolled up over its repeats, and a repeats-stage metric (pass_at_k, pass_hat_k,
 * consistency, judge_stability) has one per example (rollup-repeats.ts): win_rate over pass_at_k
 * compares each example's pass@k with the baseline's, as it did before 1a102ecd. Only a
 * repeats-stage metric naming a repeats- or set-stage one, or a set-stage metric naming a set-stage
 * one (itself), reads nothing.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const plan = (metrics: string) => `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
  a2: { protocol: raip, url: http://127.0.0.1:7102 }
judges:
  j: { protocol: openai, url: http://127.0.0.1:7103, model: m }
run: { repeats: 2 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi }, human_score: 1 } ] }
    metrics:
      - { type: exact_match }
      - { type: judge, judge: j, content: "{{candidate.answer}}" }
${metrics}
`;

const errors = async (metrics: string) =>
  (await planDiagnostics(plan(metrics)))
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.code} ${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`);

describe('a set-stage metric naming a repeats-stage metric', () => {
  it('is taken: win_rate, judge_agreement and position_bias read each example’s figure', async () => {
    expect(
      await errors(
        '      - { type: pass_at_k, k: 1, id: pk }\n      - { type: win_rate, baseline: a2, metric: pk }',
      ),
    ).toEqual([]);
    expect(
      await errors(
        '      - { type: pass_hat_k, k: 2, id: ph }\n      - { type: win_rate, baseline: a2, metric: ph }',
      ),
    ).toEqual([]);
    expect(
      await errors(
        '      - { type: judge_stability }\n      - { type: judge_agreement, metric: judge_stability }',
      ),
    ).toEqual([]);
  });

  it('is still refused from a repeats-stage metric, and a set-stage target from a set-stage one', async () => {
    expect(
      await errors(
        '      - { type: pass_at_k, k: 1, id: pk }\n      - { type: pass_hat_k, k: 1, metric: pk }',
      ),
    ).toEqual([
      "EVALC_REF_METRIC 18:43 pass_hat_k.metric names metric `pk`, a pass_at_k, which scores no single answer (it is one figure over an example's repeats) | name a metric that scores each answer: exact_match, judge",
    ]);
    expect(
      await errors(
        '      - { type: pass_at_k, k: 1, id: pk }\n      - { type: win_rate, baseline: a2, id: w1, metric: pk }\n      - { type: win_rate, baseline: a2, metric: w1 }',
      ),
    ).toEqual([
      'EVALC_REF_METRIC 19:49 win_rate.metric names metric `w1`, a win_rate, which scores no single answer (it is one figure over the examples) | name a metric with a figure per example: exact_match, judge, pk',
    ]);
  });
});

/**
 * QA315: a metric whose default reference the task lacks (win_rate's `metric`, pass_rate) was
 * hinted "did you mean `pass_hat_k`?", a misspelling the user never wrote; it is now told to add
 * the metric it reads by default, or to set `metric:` to one of the task's.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const PLAN = `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
  a2: { protocol: raip, url: http://127.0.0.1:7102 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match }
      - { type: pass_hat_k }
      - { type: win_rate, baseline: a1 }
      - { type: win_rate, id: w2, baseline: a1, metric: pass_rat }
run: { repeats: 2 }
`;

describe('a default metric reference the task lacks', () => {
  it('is told to add that metric, not that it misspells another', async () => {
    const refs = (await planDiagnostics(PLAN))
      .filter((d) => d.code === 'EVALC_REF_METRIC')
      .map((d) => `${d.message} | ${d.hint}`);
    expect(refs).toEqual([
      "win_rate.metric (default) names metric `pass_rate`, which task t does not define | add `- { type: pass_rate }` to the metrics, or set metric: to one of the task's (exact_match, pass_hat_k, win_rate, w2)",
      // One the user wrote is hinted as before.
      'win_rate.metric names metric `pass_rat`, which task t does not define | metrics: exact_match, pass_hat_k, win_rate, w2',
    ]);
  });
});

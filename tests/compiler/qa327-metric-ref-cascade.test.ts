/**
 * QA327: judge_agreement's default `metric: judge` beside a `{ type: judge }` that fails its own
 * check (no `judge:`) was also said "names metric `judge`, which task t does not define", hinted
 * to add the `judge` metric the task holds; and the hint to add one read `- { type: judge }`,
 * itself an error (a judge metric names its judge).
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const plan = (metrics: string) => `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
${metrics}
`;

describe('a metric reference to a metric the task holds but that is in error', () => {
  it('is said at that metric only, not as a missing one', async () => {
    const ds = await planDiagnostics(plan('      - { type: judge_agreement }\n      - { type: judge }'));
    expect(ds.filter((d) => d.code === 'EVALC_REF_METRIC')).toEqual([]);
    expect(ds.map((d) => d.code)).toContain('EVALC_METRIC_PARAM');
  });

  it('a missing default judge metric is hinted with its judge:', async () => {
    const refs = (await planDiagnostics(plan('      - { type: judge_agreement }')))
      .filter((d) => d.code === 'EVALC_REF_METRIC')
      .map((d) => d.hint);
    expect(refs).toEqual([
      "add `- { type: judge, judge: <id> }` to the metrics, or set metric: to one of the task's (judge_agreement)",
    ]);
  });
});

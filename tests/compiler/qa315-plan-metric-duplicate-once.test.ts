/**
 * QA315: a metric written twice in the plan-wide `metrics:` was said once per task, the same
 * error at the same line three times in a three-task plan; it is said once, of the plan's metrics.
 * A task's own metric clashing with a plan-wide one is still said per task.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const task = (id: string, own = '{ type: exact_match }') => `  ${id}:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - ${own}
`;

const PLAN = `evalc: 1
benchmark: { id: b }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
${task('t1')}${task('t2')}${task('t3', '{ type: tokens }')}metrics:
  - { type: pass_rate }
  - { type: tokens }
  - { type: tokens }
`;

describe('a duplicate among the plan-wide metrics', () => {
  it('is said once', async () => {
    const said = (await planDiagnostics(PLAN))
      .filter((d) => d.code === 'EVALC_METRIC_DUPLICATE')
      .map((d) => `${d.source?.line} ${d.path.join('.')}: ${d.message}`);
    expect(said).toEqual([
      // t3's own tokens and the plan's: said of t3, at the plan-wide one.
      '26 metrics.1: metric `tokens` appears twice in task t3',
      "27 metrics.2: metric `tokens` appears twice in the plan's metrics (every task's)",
    ]);
  });
});

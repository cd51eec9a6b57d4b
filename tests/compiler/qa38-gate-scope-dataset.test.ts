/**
 * QA38: `{ metric: pass_rate, scope: task, dataset: add2, min: 0.9 }` judged every task's mean,
 * the tasks without an `add2` dataset too: a task-scope gate has no use for `dataset:`. validate
 * warns (EVALC_GATE_SCOPE) and says to use `scope: dataset`.
 */
import { describe, expect, it } from 'vitest';
import { oneTaskPlanYaml, planDiagnostics, withMessage } from './plan-helpers.js';

async function diagnosticsFor(gates: string): Promise<string[]> {
  return (
    await planDiagnostics(
      oneTaskPlanYaml(
        '[ { type: exact_match, candidate: answer, expected: answer } ]',
        `gates: ${gates}\n`,
        'hi',
      ),
    )
  ).map(withMessage);
}

describe('a task-scope gate naming a dataset (QA38)', () => {
  it('warns that dataset: is not used at task scope', async () => {
    expect(await diagnosticsFor('[ { metric: exact_match, scope: task, dataset: d, min: 0.5 } ]')).toEqual([
      'warning EVALC_GATE_SCOPE gates.0.dataset: a gate at task scope judges each task’s mean: its dataset: is not used (scope: dataset judges that dataset)',
    ]);
  });

  it('stays quiet at dataset scope, and without scope (judged at the dataset it names)', async () => {
    expect(
      await diagnosticsFor(
        '[ { metric: exact_match, scope: dataset, dataset: d, min: 0.5 }, { metric: exact_match, dataset: d, min: 0.5 } ]',
      ),
    ).toEqual([]);
  });
});

/**
 * QA104 (review of 2436499, whose message calls `__proto__` "an id like any other"): a metric
 * `id: __proto__` validated, and apply crashed scoring the first example with a stack trace
 * ('evalc: internal error: TypeError: argument must be a string … at LogStore.put'; 900abe8 the
 * same): results are kept in maps keyed by metric id, where `__proto__` names the prototype. It is
 * refused at validate now, at the id, as other ids (`constructor`, `toString`) stay valid.
 */
import { describe, expect, it } from 'vitest';
import { oneTaskPlanYaml, planDiagnostics, withMessage } from './plan-helpers.js';

describe('a metric id __proto__ (QA104)', () => {
  it('is an error at the id', async () => {
    const found = (
      await planDiagnostics(oneTaskPlanYaml('[ { type: exact_match }, { type: steps, id: __proto__ } ]'))
    )
      .map(withMessage)
      .filter((d) => d.startsWith('error'));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('tasks.t.metrics.1.id');
    expect(found[0]).toContain('a metric id cannot be `__proto__`');
  });

  it('leaves other ids named like Object.prototype members valid', async () => {
    const found = (
      await planDiagnostics(
        oneTaskPlanYaml('[ { type: exact_match, id: constructor }, { type: steps, id: toString } ]'),
      )
    ).map(withMessage);
    expect(found.filter((d) => d.startsWith('error'))).toEqual([]);
  });
});

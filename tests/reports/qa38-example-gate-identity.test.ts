/**
 * QA38: an example-scope gate is reported at its worst example (`example:t/d/e3`), and that id was
 * part of the gate's junit.xml testcase name and of its identity in `evalc diff`: when the worst
 * example changed between two runs, CI's test history saw a new testcase (README: a gate's
 * testcase is named by what it checks, so the history keeps tracking it) and "Gates that changed"
 * listed the gate twice, as absent → passed and failed → absent. The example id no longer names it.
 */
import { describe, expect, it } from 'vitest';
import { gateChanges } from '../../src/lockfile/diff-gates.js';
import type { LockGate } from '../../src/lockfile/types.js';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

function exampleGate(example: string, passed: boolean): LockGate {
  return {
    metric: 'pass_rate',
    scope: `example:search/course-search/${example}`,
    agent: 'a1',
    kind: 'min',
    passed,
    actual: passed ? 1 : 0,
    message: `pass_rate = ${passed ? '1.000' : '0.000'} at example:search/course-search/${example} for a1; required ≥ 1`,
  };
}

describe('an example-scope gate’s identity (QA38)', () => {
  it('names its junit.xml testcase without the worst example’s id', () => {
    const lock = baselineLock();
    lock.gates = [exampleGate('s3', false)];
    const xml = renderReports({ lock })['junit.xml'];
    expect(xml).toContain('name="min pass_rate @ example [a1]"');
    expect(xml).not.toContain('name="min pass_rate @ example:');
  });

  it('is one gate in evalc diff when its worst example changed', () => {
    const old = baselineLock();
    const now = baselineLock();
    old.gates = [exampleGate('s1', true)];
    now.gates = [exampleGate('s7', false)];
    const changes = gateChanges(old, now);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ kind: 'min', metric: 'pass_rate', old: 'passed', new: 'failed' });
  });
});

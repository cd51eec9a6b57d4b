/**
 * QA256: a pull request adding a task-scoped gate, `{ metric: pass_rate, scope: task, min: 0.9 }`,
 * to a plan whose two agents each run one task listed under "Gates that changed" (evalc diff and
 * report.md) `min pass_rate at task:search (a2): absent → skipped` and the same of a1 at task:talk:
 * gates skipped because that agent does not run that task, half the list, nothing to act on.
 */
import { describe, expect, it } from 'vitest';
import { gateChanges } from '../../src/lockfile/diff-gates.js';
import type { Lockfile, LockGate } from '../../src/lockfile/types.js';

const gate = (agent: string, scope: string, passed: boolean, message: string, skipped?: boolean): LockGate =>
  ({
    metric: 'pass_rate',
    scope,
    agent,
    kind: 'min',
    passed,
    ...(skipped ? { skipped: true } : {}),
    actual: skipped ? null : 0.8,
    message,
  }) as LockGate;

const lock = (gates: LockGate[]) => ({ gates }) as unknown as Lockfile;

describe('gates that changed (QA256)', () => {
  it('leaves out a gate one run lacks and the other skips for an agent outside its scope', () => {
    const now = lock([
      gate('a1', 'task:search', false, 'pass_rate = 0.800 at task:search for a1; required ≥ 0.9'),
      gate('a2', 'task:search', true, 'pass_rate is not measured at task:search for a2; gate skipped', true),
      gate('a2', 'task:other', true, "pass_rate: a2 has no results at the gate's scope; gate skipped", true),
    ]);
    const changes = gateChanges(lock([]), now);
    expect(changes.map((c) => [c.agent, c.scope, c.old, c.new])).toEqual([
      ['a1', 'task:search', null, 'failed'],
    ]);
    // Removed by the pull request: the same.
    expect(gateChanges(now, lock([])).map((c) => c.agent)).toEqual(['a1']);
  });

  it('keeps a gate skipped for another reason, and one that was judged in the other run', () => {
    const skippedElse = gate(
      'a1',
      'benchmark',
      true,
      'exact_match: no baseline, regression check skipped',
      true,
    );
    expect(gateChanges(lock([]), lock([skippedElse]))).toHaveLength(1);
    const judged = gate('a2', 'task:search', true, 'pass_rate = 1.000 at task:search for a2; required ≥ 0.9');
    const unmeasured = gate(
      'a2',
      'task:search',
      true,
      'pass_rate is not measured at task:search for a2; gate skipped',
      true,
    );
    expect(gateChanges(lock([judged]), lock([unmeasured])).map((c) => [c.old, c.new])).toEqual([
      ['passed', 'skipped'],
    ]);
  });
});

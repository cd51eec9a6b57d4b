/**
 * QA38: the `evalc init` scaffold has one gate, so a new user's first report.md said
 * "all 1 gates passed". One gate is now one gate.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

function oneGate(passed: boolean) {
  const lock = baselineLock();
  lock.gates = [
    {
      metric: 'pass_rate',
      scope: 'benchmark',
      agent: 'a1',
      kind: 'min',
      passed,
      actual: 0.8,
      message: `pass_rate = 0.800 at benchmark for a1; required ≥ ${passed ? '0.5' : '0.9'}`,
    },
  ];
  return renderReports({ lock })['report.md'].split('\n')[0];
}

describe('report.md verdict with one gate (QA38)', () => {
  it('says "1 gate passed" and "1 of 1 gate failed"', () => {
    expect(oneGate(true)).toBe('## ✅ evalc — course-advisor 1.0.0: 1 gate passed');
    expect(oneGate(false)).toBe('## ❌ evalc — course-advisor 1.0.0: 1 of 1 gate failed');
  });
});

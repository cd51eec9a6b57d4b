/**
 * QA309: a gate message printed a measurement from 0.001 to 0.01 with three decimals, so a cost of
 * 0.0012 USD per example failing `max: 0.001` read `cost = 0.001 …; required ≤ 0.001`, a figure
 * within its bound beside a failure (and 0.0045 read 0.005 where report.md's value row reads
 * 0.0045). Below 0.01 it keeps three significant digits, as the reports' value rows do.
 */
import { describe, expect, it } from 'vitest';
import { costGate } from '../fixtures/one-agent-gate.js';

const gateOn = (cost: number, max: number) => costGate(cost, max, 4, 200);

describe('a gate message and a measurement below 0.01', () => {
  it('prints 0.0012 as it is beside a failed max of 0.001', () => {
    const gate = gateOn(0.0012, 0.001);
    expect(gate?.passed).toBe(false);
    expect(gate?.message).toContain('cost = 0.0012 at benchmark');
    expect(gateOn(0.0045, 0.01)?.message).toContain('cost = 0.0045 at benchmark');
    // from 0.01 as before
    expect(gateOn(0.0125, 0.01)?.message).toContain('cost = 0.013 at benchmark');
  });
});

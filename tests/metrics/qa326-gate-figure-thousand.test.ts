/**
 * QA326 (review of QA312's 4cbb04bf and 413dd0a6): a gate message's figure is a whole number from
 * 1000, but one that rounds up to 1000 (999.9996) read `1000.000`, beside 1000.4's `1000`; since
 * QA312 the Gates tables' actual column and a value's CI of the change in `evalc diff` print as the
 * gate message does, so they read `1000.000` too, where the reports' Δ prints `+1000` (QA284).
 */
import { describe, expect, it } from 'vitest';
import { fmt } from '../../src/metrics/gate-figures.js';
import { formatDeltaCi } from '../../src/reports/delta-ci.js';
import { formatGateActual } from '../../src/reports/format.js';

describe('a gate figure that rounds up to 1000 (QA326)', () => {
  it('is a whole number, as 1000.4 is', () => {
    expect(fmt(999.9996)).toBe('1000');
    expect(fmt(-999.9996)).toBe('\u22121000');
    expect(fmt(1000.4)).toBe('1000');
    expect(fmt(999.9994)).toBe('999.999');
    expect(fmt(2500.5)).toBe('2501');
    expect(formatGateActual(999.9996)).toBe('1000');
    expect(formatDeltaCi({ field: 'value', ci: [999.9996, 1500.25] })).toBe('[1000, 1500]');
  });
});

/**
 * QA312: the rule for a measurement below 0.01 (three significant digits) was written twice, in
 * format.ts and in gate-figures.ts, and the copies differed: a gate message printed a cost of 1e-7
 * USD per example `cost = 1e-7` (String of the rounded number) beside the reports' `0.0000001`,
 * and NaN as `NaN`. And both tested `|x| < 0.01` before rounding, so 0.009999 printed `0.01`
 * where 0.01 prints `0.010` (report.md's value row, the diff rows and Δ, the gate message, the
 * drill-down). One rule now, metrics/decimal-round.ts's isSmallMeasure and threeSignificant.
 */
import { describe, expect, it } from 'vitest';
import { fmt } from '../../src/metrics/gate-figures.js';
import { formatDeltaCi } from '../../src/reports/delta-ci.js';
import { formatDeltaSigned, formatValueCi, signedMeasure } from '../../src/reports/format.js';
import { HTML_SCRIPT } from '../../src/reports/html-script.js';
import { costGate } from '../fixtures/one-agent-gate.js';

function gateMessage(cost: number, max: number): string | undefined {
  return costGate(cost, max, 3, 100)?.message;
}

/** report.html's drill-down copy of the rule (it runs in the browser). */
function browserValueNum(): (x: number) => string {
  const source = (name: string) =>
    new RegExp(`function ${name}\\(x(?:, d)?\\) \\{[\\s\\S]*?\\n {2}\\}`).exec(HTML_SCRIPT)?.[0] ?? '';
  return new Function(
    `${source('fixedDecimal')}; ${source('num')}; ${source('valueNum')}; return valueNum;`,
  )() as (x: number) => string;
}

describe('one rule for a measurement below 0.01', () => {
  it('prints 1e-7 in a gate message as the reports do, a decimal', () => {
    expect(gateMessage(1e-7, 1e-8)).toContain('cost = 0.0000001 at benchmark');
    expect(formatValueCi(1e-7, null)).toBe('0.0000001');
    expect(fmt(Number.NaN)).toBe('n/a');
  });

  it('prints what rounds to 0.01 as 0.01 is, everywhere', () => {
    expect(formatValueCi(0.01, null)).toBe('0.010');
    expect(formatValueCi(0.009999, null)).toBe('0.010');
    expect(formatValueCi(-0.009999, null)).toBe('\u22120.010');
    expect(gateMessage(0.009999, 0.009)).toContain('cost = 0.010 at benchmark');
    expect(fmt(0.009999)).toBe(fmt(0.01));
    expect(browserValueNum()(0.009999)).toBe('0.010');
    expect(signedMeasure(0.009999)).toBe('+0.010');
    expect(formatDeltaSigned({ old: 0.0004, new: 0.010399, delta: 0.009999, field: 'value' })).toBe('+0.010');
    expect(formatDeltaCi({ field: 'value', ci: [0.0004, 0.009999] })).toBe('[0.0004, 0.010]');
    // below it, three significant digits as before
    expect(formatValueCi(0.00999, null)).toBe('0.00999');
    expect(gateMessage(0.0012, 0.001)).toContain('cost = 0.0012 at benchmark');
  });
});

/**
 * QA20: a report rounds the numbers of report.json / evalc.lock as a reader does by hand, half
 * away from zero on the decimal value: a judge mean of 0.4875 is "0.488" (toFixed said "0.487",
 * because the double nearest 0.4875 is 0.48749999…, while the gate message beside it said 0.488).
 */
import { describe, expect, it } from 'vitest';
import { formatCi, formatNumber, formatP, formatSigned, toFixedDecimal } from '../../src/reports/format.js';
import { HTML_SCRIPT } from '../../src/reports/html-script.js';
import { renderReports } from '../../src/reports/index.js';
import { buildRationales, buildTrajectories } from '../fixtures/locks/course-advisor.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe('decimal rounding in reports', () => {
  it('rounds half away from zero on the printed decimal, not on the binary double', () => {
    expect(toFixedDecimal(0.4875, 3)).toBe('0.488');
    expect(toFixedDecimal(0.3625, 3)).toBe('0.363');
    expect(toFixedDecimal(-0.0125, 3)).toBe('-0.013');
    expect(toFixedDecimal(2.5, 0)).toBe('3');
    expect(toFixedDecimal(0.4874, 3)).toBe('0.487');
    expect(toFixedDecimal(0.1, 3)).toBe('0.100');
    expect(toFixedDecimal(1e-7, 3)).toBe('0.000');
    expect(toFixedDecimal(0, 2)).toBe('0.00');
  });

  it('is what formatNumber, formatCi, formatSigned and formatP print', () => {
    expect(formatNumber(0.4875)).toBe('0.488');
    expect(formatNumber(-0.4875)).toBe('−0.488'); // U+2212, as Δ prints it (QA158)
    expect(formatCi([0.505, 0.995])).toBe('[0.51, 1.00]');
    expect(formatSigned(-0.0125)).toBe('−0.013');
    expect(formatSigned(0.1245)).toBe('+0.125');
    expect(formatP(0.0125)).toBe('0.013');
    // Float noise around zero still prints without a sign.
    expect(formatNumber(-1e-17)).toBe('0.000');
    expect(formatCi([-0.004, 0])).toBe('[0.00, 0.00]');
  });

  it('prints a gate actual of 0.4875 as 0.488 in report.md and in the HTML gate table', () => {
    const lock = baselineLock();
    const gate = lock.gates[0];
    if (!gate) throw new Error('fixture has no gate');
    gate.actual = 0.4875;
    gate.passed = false;
    gate.message = 'pass_rate = 0.488 at benchmark for a1; required ≥ 0.75';
    const out = renderReports({
      lock,
      trajectories: buildTrajectories(lock),
      judgeRationales: buildRationales(lock),
    });
    const row = out['report.md'].split('\n').find((line) => line.includes('required ≥ 0.75'));
    expect(row).toContain('| 0.488 |');
    expect(row).not.toContain('0.487');
    expect(out['report.html']).not.toMatch(/>0\.487</);
    expect(out['report.html']).toMatch(/>0\.488</);
  });

  it("rounds the same way in report.html's drill-down script", () => {
    const source = /function fixedDecimal\(x, d\) \{[\s\S]*?\n {2}\}/.exec(HTML_SCRIPT)?.[0];
    expect(source).toBeDefined();
    const fixedDecimal = new Function(`${source}; return fixedDecimal;`)() as (
      x: number,
      d: number,
    ) => string;
    expect(fixedDecimal(0.4875, 3)).toBe('0.488');
    expect(fixedDecimal(-0.0125, 3)).toBe('−0.013'); // U+2212 (QA158)
    expect(fixedDecimal(-0.0001, 3)).toBe('0.000');
    expect(fixedDecimal(123.5, 0)).toBe('124');
    expect(fixedDecimal(1e-7, 3)).toBe('0.000');
  });
});

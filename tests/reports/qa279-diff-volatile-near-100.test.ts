/**
 * QA279: `evalc diff`'s volatile figures (text and md) write a fraction from 100 as a whole number
 * (`100` of 100.4) and from 1 with one decimal (`1.0` of 1.04), but 99.96 ms read `100.0` and 0.9996
 * $ per example `1`: the same figure two ways, the case beside 52b8f220's report.md fix (`100.00`).
 */
import { describe, expect, it } from 'vitest';
import { volatileFigure } from '../../src/reports/format.js';

describe("evalc diff's volatile figures near 1 and 100", () => {
  it('writes what rounds to 100 as 100 and what rounds to 1 as 1.0', () => {
    expect(volatileFigure(99.96)).toBe('100');
    expect(volatileFigure(100.4)).toBe('100');
    expect(volatileFigure(99.94)).toBe('99.9');
    expect(volatileFigure(-99.96)).toBe('−100');
    expect(volatileFigure(0.9996)).toBe('1.0');
    expect(volatileFigure(1.04)).toBe('1.0');
    expect(volatileFigure(0.9994)).toBe('0.999');
    expect(volatileFigure(0.000056)).toBe('0.000056');
  });
});

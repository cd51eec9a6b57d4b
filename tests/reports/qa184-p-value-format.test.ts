/**
 * QA184: one p-value printed three ways — a regression gate's message (stderr, report.md's gates
 * table, junit.xml) said `p = 5.96e-8` and `p = 1.0000` where report.md's and report.html's deltas
 * tables and `evalc diff` said `<0.001` and `1.000`, and at α = 0.001 the tables said `0.000`, which
 * reads as p = 0 (and not below α). Gate messages and tables now print one format.
 */
import { describe, expect, it } from 'vitest';
import { fmtP } from '../../src/metrics/gate-figures.js';
import { formatP } from '../../src/reports/format.js';

describe('a p-value, printed once for every output (QA184)', () => {
  it('prints 3 decimals, <0.001 below, and more decimals within rounding of α', () => {
    expect(formatP(1)).toBe('1.000');
    expect(formatP(0.0125)).toBe('0.013');
    expect(formatP(2 ** -24)).toBe('< 0.001');
    expect(formatP(2 ** -24, 0.05)).toBe('< 0.001');
    expect(formatP(0.04998, 0.05)).toBe('0.04998');
    expect(formatP(0.0625, 0.1)).toBe('0.063');
    expect(formatP(null)).toBe('—');
  });

  it('at α = 0.001 or below shows a p below α as below it, never 0.000', () => {
    expect(formatP(2 ** -24, 0.001)).toBe('< 0.0001');
    expect(formatP(0.0002, 0.001)).toBe('0.0002');
    expect(formatP(0.00099, 0.001)).toBe('0.00099');
    expect(formatP(0.0012, 0.001)).toBe('0.001'); // not below α, as it reads
    expect(formatP(0.3, 0.001)).toBe('0.300');
    expect(formatP(1e-9, 0.00001)).toBe('< 0.000001');
  });

  it('is what a regression gate message prints', () => {
    for (const alpha of [undefined, 0.1, 0.05, 0.01, 0.001, 0.0005]) {
      for (const p of [1, 0.625, 0.0625, 0.05, 0.04998, 0.0078125, 0.001, 0.0005, 0.0002, 5.96e-8, 0]) {
        expect(fmtP(p, alpha), `p ${p} α ${alpha}`).toBe(formatP(p, alpha));
      }
    }
    expect(fmtP(2 ** -24, 0.05)).toBe('< 0.001');
    expect(fmtP(0.625, 0.05)).toBe('0.625');
  });
});

/** Volatile figures in diffs read as measured: `9 → 44` ms, not `9.000 → 44.0`; USD keeps its digits. */
import { describe, expect, it } from 'vitest';
import { formatFigure } from '../../src/reports/format.js';

describe('formatFigure', () => {
  it('prints whole numbers as they are and small amounts with three significant digits', () => {
    expect([9, 44, 1234, 0].map(formatFigure)).toEqual(['9', '44', '1234', '0']);
    expect(formatFigure(0.000056)).toBe('0.000056');
    expect(formatFigure(0.123456)).toBe('0.123');
    expect(formatFigure(12.345)).toBe('12.3');
    expect(formatFigure(123.6)).toBe('124');
    expect(formatFigure(null)).toBe('—');
  });
});

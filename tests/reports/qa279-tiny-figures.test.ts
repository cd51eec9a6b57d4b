/**
 * QA279: a volatile figure below 0.000001 (a cost per example of a cheap model) read `1.23e-7` in
 * report.md's "Latency, tokens and cost" table and in `evalc diff`, where a larger one reads
 * `0.000056`. Both now write it as a decimal, `0.000000123`.
 */
import { describe, expect, it } from 'vitest';
import { volatileFigure } from '../../src/reports/format.js';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe('volatile figures below 0.000001', () => {
  it('are written as decimals, not in exponent form', () => {
    expect(volatileFigure(1.234e-7)).toBe('0.000000123');
    expect(volatileFigure(-1.2e-7)).toBe('−0.00000012');
    expect(volatileFigure(0.000056)).toBe('0.000056');
    const lock = baselineLock();
    const [first] = Object.keys(lock.volatile).sort();
    if (!first) throw new Error('fixture');
    lock.volatile[first] = { ...lock.volatile[first], measures: { cost: 1.234e-7 } };
    const md = renderReports({ lock })['report.md'];
    const row = md.split('\n').find((l) => l.startsWith(`| \`${first}\` |`)) ?? '';
    expect(row).toMatch(/\| 0\.000000123 \|/);
    expect(md).not.toContain('e-7');
  });
});

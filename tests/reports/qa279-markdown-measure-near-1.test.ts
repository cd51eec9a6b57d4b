/**
 * QA279: report.md's "Latency, tokens and cost" table writes a fraction from 1 with two decimals
 * (`1.00` of 1.004) and below 1 with three significant digits, but 0.9996 ($ per example) was
 * written `1`, as a whole 1 is, beside `1.00` of 1.004: the same figure two ways, the case below
 * QA274's 99.996. It is now `1.00`; 0.9994 keeps `0.999`.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe("report.md's volatile measures near 1", () => {
  it('writes a fraction that rounds to 1 as 1.00, not 1', () => {
    const lock = baselineLock();
    const [first, second] = Object.keys(lock.volatile).sort();
    if (!first || !second) throw new Error('fixture');
    lock.volatile[first] = { ...lock.volatile[first], measures: { time_to_success: 0.9996 } };
    lock.volatile[second] = { ...lock.volatile[second], measures: { time_to_success: -0.9994 } };
    const md = renderReports({ lock })['report.md'];
    const row = (g: string) => md.split('\n').find((l) => l.startsWith(`| \`${g}\` |`)) ?? '';
    expect(row(first)).toMatch(/\| 1\.00 \|$/);
    expect(row(second)).toMatch(/\| −0\.999 \|$/);
  });
});

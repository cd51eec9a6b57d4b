/**
 * QA274: report.md's "Latency, tokens and cost" table writes a fraction from 100 as a whole number
 * (`127`, bdf3a862) and below it with two decimals, but 99.996 was written `100.00` beside `100` of
 * 100.4: the same figure two ways. It is now `100`; 99.99 keeps `99.99`.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe("report.md's volatile measures near 100", () => {
  it('writes a fraction that rounds to 100 as 100, not 100.00', () => {
    const lock = baselineLock();
    const [first, second] = Object.keys(lock.volatile).sort();
    if (!first || !second) throw new Error('fixture');
    lock.volatile[first] = { ...lock.volatile[first], measures: { time_to_success: 99.996 } };
    lock.volatile[second] = { ...lock.volatile[second], measures: { time_to_success: 99.99 } };
    const md = renderReports({ lock })['report.md'];
    const row = (g: string) => md.split('\n').find((l) => l.startsWith(`| \`${g}\` |`)) ?? '';
    expect(row(first)).toMatch(/\| 100 \|$/);
    expect(row(second)).toMatch(/\| 99\.99 \|$/);
  });
});

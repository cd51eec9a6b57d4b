/**
 * QA261: report.md's folded "Latency, tokens and cost" table wrote a whole-number measure with two
 * decimals — `time_to_success` mean `93.00` ms beside the `94` of the mean ms column, `127` in the
 * next row — where format.ts's rule for measured figures is whole numbers as they are.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe("report.md's volatile measures", () => {
  it('writes a whole number as it is and a fraction with two decimals', () => {
    const lock = baselineLock();
    const [first, second] = Object.keys(lock.volatile).sort();
    if (!first || !second) throw new Error('fixture');
    lock.volatile[first] = { ...lock.volatile[first], measures: { time_to_success: 93 } };
    lock.volatile[second] = { ...lock.volatile[second], measures: { time_to_success: 83.333333 } };
    const md = renderReports({ lock })['report.md'];
    const row = (g: string) => md.split('\n').find((l) => l.startsWith(`| \`${g}\` |`)) ?? '';
    expect(row(first).endsWith('| 93 |')).toBe(true);
    expect(row(second).endsWith('| 83.33 |')).toBe(true);
  });
});

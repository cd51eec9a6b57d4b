/**
 * QA309: junit.xml's failing testcase printed an example's value with three decimals, so a numeric
 * answer failing by an absolute error of 0.0004 read `score 0.000, value 0.000`, an error of none
 * beside a failure, where report.html's drill-down and report.md's value row print `0.0004`. It
 * prints as they do now; the score as before.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';
import { parseXmlStrict } from './junit-schema.js';

describe("junit.xml and an example's value below 0.01", () => {
  it('prints it in three significant digits, as report.html and report.md do', () => {
    const lock = baselineLock();
    const failing = lock.results.find((r) => Object.values(r.metrics).some((m) => m.pass === false));
    expect(failing).toBeDefined();
    const [id, metric] = Object.entries(failing!.metrics).find(([, m]) => m.pass === false)!;
    metric.value = 0.0004;
    const xml = renderReports({ lock })['junit.xml'];
    parseXmlStrict(xml);
    expect(xml).toMatch(new RegExp(`${id} failed \\(score \\d\\.\\d{3}, value 0\\.0004\\)`));
    expect(xml).not.toContain('value 0.000)');
  });
});

/**
 * QA62: junit.xml embedded a judge's rationale whole in each failing judge testcase, so one judge
 * that wrote megabytes (QA50's 12 MB rationale) made junit.xml megabytes per failing example — a
 * CI test reporter loads the whole file and posts these bodies as annotations. Like report.html,
 * junit.xml now cuts a text longer than 20,000 characters and says so; report.json keeps it whole.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';
import { parseXmlStrict } from './junit-schema.js';

describe('junit.xml and long texts', () => {
  it('cuts a judge rationale over 20,000 characters, and report.json keeps it whole', () => {
    const lock = baselineLock();
    const failing = lock.results.filter((r) => r.metrics.judge?.pass === false).slice(0, 3);
    expect(failing.length).toBe(3);
    const long = `${'because '.repeat(125_000)}END`; // 1 MB
    const judgeRationales: Record<string, string> = {};
    for (const r of failing) {
      const m = r.metrics.judge!;
      judgeRationales[m.key ?? m.keys![0]!] = long;
    }
    const reports = renderReports({ lock, judgeRationales });
    const xml = reports['junit.xml'];
    expect(xml.length).toBeLessThan(200_000);
    parseXmlStrict(xml);
    expect(xml).toContain('characters cut; report.json has the whole text');
    expect(xml).not.toContain('END');
    expect(reports['report.json']).toContain(`${'because '.repeat(10)}`);
    expect(reports['report.json'].split('END').length - 1).toBe(3);
  });
});

/** Why a failed metric failed: its score details, summarised in Markdown and JUnit, whole in report.json. */
import { describe, expect, it } from 'vitest';
import { summarizeDetails } from '../../src/reports/format.js';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe('summarizeDetails', () => {
  it('keeps non-empty lists and texts in key order, drops numbers and empty lists', () => {
    expect(summarizeDetails({ precision: 0.5, recall: 1, missing: [], extra: ['CS201'] })).toBe(
      'extra: CS201',
    );
    expect(summarizeDetails({ found: ['a'], missing: ['prerequisites', 'credits'] })).toBe(
      'found: a; missing: prerequisites, credits',
    );
    expect(summarizeDetails({ reason: 'candidate is not a number' })).toBe(
      'reason: candidate is not a number',
    );
    expect(summarizeDetails({ matched: 1, missed: [{ name: 'get_course' }] })).toBe(
      'missed: {"name":"get_course"}',
    );
    expect(summarizeDetails({ n: 3 })).toBeUndefined();
    expect(summarizeDetails(['x'])).toBeUndefined();
    expect(summarizeDetails(null)).toBeUndefined();
    expect(summarizeDetails({ extra: ['x'.repeat(200)] }, 20)).toBe(`extra: ${'x'.repeat(12)}…`);
  });
});

describe('failure details in the reports', () => {
  it('attach to failed metrics only, and show in report.md, junit.xml and report.json', () => {
    const lock = baselineLock();
    const failed = lock.results.find((r) => Object.values(r.metrics).some((m) => m.pass === false))!;
    const [metricId, metric] = Object.entries(failed.metrics).find(([, m]) => m.pass === false)!;
    const passed = lock.results.find((r) => Object.values(r.metrics).every((m) => m.pass !== false))!;
    const [, passing] = Object.entries(passed.metrics)[0]!;
    const failedKey = metric.key ?? metric.keys![0]!;
    const passingKey = passing.key ?? passing.keys![0]!;
    const reports = renderReports({
      lock,
      failureDetails: {
        [failedKey]: { missing: ['CS360'], recall: 0.5 },
        [passingKey]: { missing: ['never shown'] },
      },
    });
    expect(reports['report.md']).toContain(`\`${metricId}\` (missing: CS360)`);
    expect(reports['report.md']).not.toContain('never shown');
    expect(reports['junit.xml']).toContain('why: missing: CS360');
    const json = JSON.parse(reports['report.json']) as {
      examples: { example: string; group: string; metrics: { id: string; details?: unknown }[] }[];
    };
    const row = json.examples.find((e) => e.example === failed.example && e.group === failed.group)!;
    expect(row.metrics.find((m) => m.id === metricId)?.details).toEqual({ missing: ['CS360'], recall: 0.5 });
    expect(JSON.stringify(json)).not.toContain('never shown');
  });
});

/**
 * QA20: report.md said an example whose invoke failed was "(not scored)" while evalc.lock gave
 * each of its metrics score 0 and the task table above counted that 0 (a transport error:
 * `contains 0.000 [0.00, 0.00]`, n = 1). It now says "(scored 0)" then, and "(not scored)" only
 * when the lock has no score for it.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

// The line of its task's failing examples (the Errors table names it too: QA75).
const line = (md: string) =>
  md.split('\n').find((l) => l.startsWith('- ') && l.includes('course-details/details-07'));

describe('report.md on an example whose every repeat failed before scoring', () => {
  it('says "scored 0" when the lock counts it as 0 in every metric', () => {
    const lock = baselineLock();
    const row = lock.results.find(
      (r) => r.group === 'a3/details/course-details' && r.example === 'details-07',
    );
    expect(row?.errors).toEqual(['timeout']);
    const scores = Object.values(row?.metrics ?? {}).map((m) => m.score);
    // codes_match, judge, mentions_fact, pass_rate: 0; tokens (a measurement): no score.
    expect(scores.filter((s) => s !== null)).toEqual([0, 0, 0, 0]);
    expect(line(renderReports({ lock })['report.md'])).toBe(
      '- `a3` course-details/details-07 — error `timeout` (scored 0)',
    );
  });

  it('says "not scored" when the lock has no score for it', () => {
    const lock = baselineLock();
    const row = lock.results.find(
      (r) => r.group === 'a3/details/course-details' && r.example === 'details-07',
    );
    for (const m of Object.values(row?.metrics ?? {})) m.score = null;
    expect(line(renderReports({ lock })['report.md'])).toMatch(/error `timeout` \(not scored\)/);
  });
});

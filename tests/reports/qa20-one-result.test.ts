/**
 * QA20: a one-example run's report.md said "1 results · 1 pass" and "t — 1 results, 0 failing"
 * (the agents × tasks part was fixed in c3dfd57; the result counts were not).
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe('a report of one result', () => {
  const lock = baselineLock();
  const first = lock.results[0];
  if (!first) throw new Error('fixture has no result');
  lock.results = [first];
  const out = renderReports({ lock });

  it('says "1 result" in report.md, its task summary and report.html', () => {
    expect(out['report.md']).toMatch(/^1 result · /m);
    expect(out['report.md']).toMatch(/ — 1 result, \d+ failing/);
    expect(out['report.md']).not.toContain('1 results');
    expect(out['report.html']).toContain('<div class="meta">1 result · ');
    expect(out['report.html']).toContain("(examples.length === 1 ? ' result' : ' results')");
  });

  it('keeps the plural for more', () => {
    expect(renderReports({ lock: baselineLock() })['report.md']).toMatch(/^90 results · /m);
  });
});

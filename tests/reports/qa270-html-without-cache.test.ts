/**
 * QA270: report.md rendered without the run's cache says so on its last line (QA261), but
 * report.html, rendered by the same `evalc report --from evalc.lock`, did not: its drill-down read
 * "No trajectory recorded for this run" for every example, as if the agents had recorded none.
 * Its header line now ends as report.md's does; a report rendered with the cache says nothing.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const NOTE = "rendered without the run's cache: no answers, failure reasons or trajectories";

describe('report.html rendered without the run cache', () => {
  it('says so in its header line, as report.md does', () => {
    const out = renderReports({ lock: baselineLock(), withoutCache: true });
    const meta = /<div class="meta">([^\n]*)<\/div><\/header>/.exec(out['report.html'])?.[1] ?? '';
    expect(meta).toContain(`evalc 0.1.0 · ${NOTE}`);
    expect(out['report.md']).toContain(NOTE);
  });

  it('says nothing of it when rendered with the cache', () => {
    const out = renderReports({ lock: baselineLock() });
    expect(out['report.html']).not.toContain('without the run');
  });
});

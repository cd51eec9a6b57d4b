/**
 * QA20: `evalc report --from evalc.lock` where the cache is not at hand renders report.html with
 * "No trajectory recorded" on every row, yet report.md's last line promised a "Full report with
 * trajectories". It names trajectories only when the run's trajectories were there to embed.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { buildTrajectories } from '../fixtures/locks/course-advisor.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const footer = (md: string) => md.trimEnd().split('\n').at(-1);

describe("report.md's pointer to report.html", () => {
  it('promises trajectories when the report has them', () => {
    const lock = baselineLock();
    expect(footer(renderReports({ lock, trajectories: buildTrajectories(lock) })['report.md'])).toBe(
      '<sub>Full report with trajectories: <code>.evalc/reports/report.html</code> · report.json · junit.xml</sub>',
    );
  });

  it('does not when it was rendered from the lock alone', () => {
    expect(footer(renderReports({ lock: baselineLock() })['report.md'])).toBe(
      '<sub>Full report: <code>.evalc/reports/report.html</code> · report.json · junit.xml</sub>',
    );
  });
});

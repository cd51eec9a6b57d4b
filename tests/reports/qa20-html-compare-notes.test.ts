/**
 * QA20: report.html's two-run comparison says, like report.md, how many aggregates its table
 * leaves out. Its headline counts every aggregate (a regression counted at benchmark, task and
 * dataset), the table hides unchanged ones and dataset rows that repeat a single-dataset task; a
 * reader saw "12 significant regressions" above 8 rows with nothing saying why.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { a2WorseLock, baselineLock } from '../fixtures/locks/variants.js';

describe('report.html comparison with a baseline', () => {
  const out = renderReports({ lock: a2WorseLock(), baseline: baselineLock() });
  const html = out['report.html'];
  const compare = html.slice(
    html.indexOf('<section id="compare">'),
    html.indexOf('</section>', html.indexOf('<section id="compare">')),
  );

  it('shows the same rows as report.md and says how many aggregates it does not show', () => {
    // report.md of the same pair: 11 delta rows, "_103 other aggregates not shown …_".
    const mdRows = out['report.md']
      .split('\n')
      .filter((l) => l.startsWith('| n.s. |') || l.startsWith('| 🔴'));
    expect(mdRows).toHaveLength(11);
    expect(compare.match(/<tr class="delta /g)).toHaveLength(11);
    expect(out['report.md']).toContain(
      '_103 other aggregates not shown (unchanged, or the same as their task)._',
    );
    expect(compare).toContain('103 other aggregates not shown (unchanged, or the same as their task).');
  });

  it('says nothing about hidden rows when there is no baseline', () => {
    const alone = renderReports({ lock: a2WorseLock() })['report.html'];
    expect(alone).not.toContain('other aggregates not shown');
  });
});

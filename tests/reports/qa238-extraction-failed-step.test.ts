/**
 * QA238: report.md's Errors table put an `extraction_failed` in the `invoke` step, as if the
 * agent had not answered; it is the binding's `output:` expression failing on an answer the agent
 * gave, DESIGN §1's extract step. The table now reads `extract` there, listed after the invoke's
 * errors of the same kind and before the metrics', and every other kind stays `invoke`.
 */
import { describe, expect, it } from 'vitest';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

describe("report.md's Errors table names the step an error failed in", () => {
  const lock = baselineLock();
  const [first, second] = lock.results;
  if (!first || !second) throw new Error('fixture has too few results');
  first.errors = ['extraction_failed'];
  second.errors = ['extraction_failed'];
  const md = renderReports({ lock })['report.md'];
  const rows = md.split('\n').filter((line) => line.startsWith('| `'));

  it('an extraction_failed is the extract step, not the invoke', () => {
    const extraction = rows.filter((r) => r.startsWith('| `extraction_failed` |'));
    expect(extraction).toHaveLength(1);
    expect(extraction[0]).toMatch(/^\| `extraction_failed` \| extract \| 2 \|/);
  });

  it("the fixture's timeouts stay in the invoke step", () => {
    expect(rows.some((r) => r.startsWith('| `timeout` | invoke |'))).toBe(true);
  });
});

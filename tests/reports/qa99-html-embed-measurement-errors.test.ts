/**
 * QA99: report.html embeds every failing or erroring row but only the first 1,000 passing ones
 * (HTML_PASSING_ROWS). A passing row whose measurement failed (`cost` with no price: a failed step
 * the Errors table counts, while the row stays a pass, 49da6a1) was embedded as a passing row, so
 * past the cap the page's `errors` filter missed it. It is kept with the problem rows now.
 */
import { describe, expect, it } from 'vitest';
import type { Lockfile } from '../../src/lockfile/types.js';
import { HTML_PASSING_ROWS, selectHtmlExamples } from '../../src/reports/html-embed.js';
import { buildModel } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

/** The baseline lock with one group's first passing row copied `n` times (ids p0000…), all passing. */
function manyPassingRows(n: number): Lockfile {
  const lock = baselineLock();
  const template = lock.results.find((r) => r.pass === true)!;
  const rows = Array.from({ length: n }, (_, i) => ({
    ...template,
    example: `p${String(i).padStart(4, '0')}`,
    metrics: { ...template.metrics },
  }));
  return { ...lock, results: [...lock.results, ...rows] };
}

describe('report.html keeps a passing row with a failed measurement (QA99)', () => {
  it('embeds it past the cap on passing rows', () => {
    const lock = manyPassingRows(HTML_PASSING_ROWS + 200);
    const last = lock.results[lock.results.length - 1]!;
    const [metric] = Object.keys(last.metrics);
    last.metrics = { ...last.metrics, [metric!]: { score: null, error: 'metric_error', errors: 1 } };
    const model = buildModel({ lock });
    const row = model.examples.find((e) => e.example === last.example && e.group === last.group)!;
    expect(row.metrics.some((m) => m.error === 'metric_error')).toBe(true);
    const embed = selectHtmlExamples(model);
    expect(embed.omitted?.rows).toBeGreaterThan(0);
    expect(embed.examples).toContain(row);
  });
});

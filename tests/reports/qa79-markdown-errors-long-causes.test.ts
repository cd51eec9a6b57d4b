/**
 * QA79: report.md's "Errors" table at 100k example runs whose every failure said something long
 * and different (a quoted body of markup: each cause, escaped, is several hundred characters).
 * With 5 messages per kind × step the rows passed the table's quarter of the comment, and the cut
 * dropped whole kinds at its end: `timeout`'s 16,680 errors were in no row. The table now lists
 * fewer messages per kind × step until it fits, so every kind keeps its count.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_KINDS, failingRunMarkdown } from './failing-run-100k.js';

describe('report.md errors table with long distinct messages', () => {
  it('lists every kind with its count, under the comment limit', () => {
    const { md, results } = failingRunMarkdown(
      (_kind, n) => `POST http://127.0.0.1:8080/invoke: reply ${n}: ${'|x*_`<b>'.repeat(600)}`,
    );
    expect(md.length).toBeLessThan(65_536);
    expect(md).toContain(`### ⚠️ Errors (${results.length} failed steps in ${results.length} results)`);
    const errors = md.slice(md.indexOf('### ⚠️ Errors'), md.indexOf('<details>', md.indexOf('### ⚠️ Errors')));
    expect(errors).not.toContain('more rows not shown');
    const rows = errors.split('\n').filter((l) => /^\| `[a-z_0-9]+` \| (invoke|extract) \|/.test(l));
    for (const kind of ERROR_KINDS) {
      const mine = rows.filter((r) => r.startsWith(`| \`${kind}\` |`));
      expect(mine.length, kind).toBeGreaterThan(0);
      expect(mine[mine.length - 1]).toMatch(/ \| _\d+ (other )?messages \(report\.html has them\)_ \| /);
      const sum = mine.reduce((n, r) => n + Number(r.split(' | ')[2]), 0);
      expect(sum).toBe(results.filter((r) => r.errors?.[0] === kind).length);
    }
  }, 120_000);
});

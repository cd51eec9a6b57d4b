/**
 * QA75: report.md's "Errors" table at 100k example runs whose every failure said something else
 * (a body that is not JSON, quoted per example): at most 5 messages per kind and step, the
 * others counted in one row, every kind listed, and the comment under GitHub's 65,536
 * characters with the failing examples still in view.
 */
import { describe, expect, it } from 'vitest';
import { ERROR_KINDS, failingRunMarkdown } from './failing-run-100k.js';

describe('report.md errors table at 100k example runs', () => {
  it('stays within the budget, lists every kind, and counts the messages it leaves out', () => {
    const { md, results } = failingRunMarkdown(
      (kind, n) => `POST http://127.0.0.1:8080/invoke: ${kind} said ${n} @team $5`,
    );
    expect(Buffer.byteLength(md, 'utf8')).toBeLessThan(65_536);
    expect(md).toContain(`### ⚠️ Errors (${results.length} failed steps in ${results.length} results)`);
    const rows = md.split('\n').filter((l) => /^\| `[a-z_0-9]+` \| (invoke|extract) \|/.test(l));
    for (const kind of ERROR_KINDS) {
      const mine = rows.filter((r) => r.startsWith(`| \`${kind}\` |`));
      expect(mine).toHaveLength(6);
      expect(mine[5]).toMatch(/ \| _\d+ other messages \(report\.html has them\)_ \| /);
      const sum = mine.reduce((n, r) => n + Number(r.split(' | ')[2]), 0);
      expect(sum).toBe(results.filter((r) => r.errors?.[0] === kind).length);
    }
    // Data in the causes is escaped: no mention, no math.
    expect(md).toContain('@&#8203;team \\$5');
    // The details of the failing examples keep their room.
    expect(md).toMatch(/^- `a1` /m);
  }, 120_000);
});

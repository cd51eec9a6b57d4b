/**
 * QA79: report.md's "Errors" table at 100k example runs whose every failure said something long
 * and different (a quoted body of markup: each cause, escaped, is several hundred characters).
 * With 5 messages per kind × step the rows passed the table's quarter of the comment, and the cut
 * dropped whole kinds at its end: `timeout`'s 16,680 errors were in no row. The table now lists
 * fewer messages per kind × step until it fits, so every kind keeps its count.
 */
import { describe, expect, it } from 'vitest';
import type { LockResult } from '../../src/lockfile/types.js';
import { buildModel } from '../../src/reports/index.js';
import { renderMarkdownReport } from '../../src/reports/markdown.js';
import type { InvokeRecord } from '../../src/reports/types.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const KINDS = ['invalid_json', 'http_500', 'timeout', 'contract_violation', 'extraction_failed', 'http_502'];

describe('report.md errors table with long distinct messages', () => {
  it('lists every kind with its count, under the comment limit', () => {
    const lock = baselineLock();
    const template = lock.results;
    const results: LockResult[] = [];
    const trajectories: Record<string, InvokeRecord> = {};
    const copies = Math.ceil(100_000 / template.length);
    for (let k = 0; k < copies; k++) {
      for (const [i, r] of template.entries()) {
        const n = k * template.length + i;
        const kind = KINDS[n % KINDS.length]!;
        const key = `inv-${n}`;
        const metrics = Object.fromEntries(
          Object.entries(r.metrics).map(([id, m]) => [id, { ...m, score: 0, pass: false }]),
        );
        results.push({
          ...r,
          example: `x${String(n).padStart(6, '0')}`,
          invoke: [key],
          errors: [kind],
          pass: false,
          metrics,
        });
        trajectories[key] = {
          error: {
            kind,
            message: `POST http://127.0.0.1:8080/invoke: reply ${n}: ${'|x*_`<b>'.repeat(600)}`,
          },
        };
      }
    }
    const md = renderMarkdownReport(buildModel({ lock: { ...lock, results }, trajectories }));
    expect(md.length).toBeLessThan(65_536);
    expect(md).toContain(`### ⚠️ Errors (${results.length})`);
    const errors = md.slice(md.indexOf('### ⚠️ Errors'), md.indexOf('<details>', md.indexOf('### ⚠️ Errors')));
    expect(errors).not.toContain('more rows not shown');
    const rows = errors.split('\n').filter((l) => /^\| `[a-z_0-9]+` \| invoke \|/.test(l));
    for (const kind of KINDS) {
      const mine = rows.filter((r) => r.startsWith(`| \`${kind}\` |`));
      expect(mine.length, kind).toBeGreaterThan(0);
      expect(mine[mine.length - 1]).toMatch(/ \| _\d+ (other )?messages \(report\.html has them\)_ \| /);
      const sum = mine.reduce((n, r) => n + Number(r.split(' | ')[2]), 0);
      expect(sum).toBe(results.filter((r) => r.errors?.[0] === kind).length);
    }
  });
});

/**
 * QA75: report.md's "Errors" table at 100k example runs whose every failure said something else
 * (a body that is not JSON, quoted per example): at most 5 messages per kind and step, the
 * others counted in one row, every kind listed, and the comment under GitHub's 65,536
 * characters with the failing examples still in view.
 */
import { describe, expect, it } from 'vitest';
import type { LockResult } from '../../src/lockfile/types.js';
import { buildModel } from '../../src/reports/index.js';
import { renderMarkdownReport } from '../../src/reports/markdown.js';
import type { InvokeRecord } from '../../src/reports/types.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const KINDS = ['invalid_json', 'http_500', 'timeout', 'contract_violation', 'extraction_failed', 'http_502'];

describe('report.md errors table at 100k example runs', () => {
  it('stays within the budget, lists every kind, and counts the messages it leaves out', () => {
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
          error: { kind, message: `POST http://127.0.0.1:8080/invoke: ${kind} said ${n} @team $5` },
        };
      }
    }
    const md = renderMarkdownReport(buildModel({ lock: { ...lock, results }, trajectories }));
    expect(Buffer.byteLength(md, 'utf8')).toBeLessThan(65_536);
    expect(md).toContain(`### ⚠️ Errors (${results.length})`);
    const rows = md.split('\n').filter((l) => /^\| `[a-z_0-9]+` \| invoke \|/.test(l));
    for (const kind of KINDS) {
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
  });
});

/**
 * A run of 100k failing examples for report.md's size tests: the baseline lock's rows copied,
 * every metric scored 0, each example failed with one of six error kinds (in turn) and a message
 * of its own (`message(kind, n)`), kept as apply keeps it, beside its invoke record.
 */
import type { LockResult } from '../../src/lockfile/types.js';
import { buildModel } from '../../src/reports/index.js';
import { renderMarkdownReport } from '../../src/reports/markdown.js';
import type { InvokeRecord } from '../../src/reports/types.js';
import { baselineLock } from '../fixtures/locks/variants.js';

export const ERROR_KINDS = [
  'invalid_json',
  'http_500',
  'timeout',
  'contract_violation',
  'extraction_failed',
  'http_502',
];

/** report.md of such a run, and its rows. */
export function failingRunMarkdown(message: (kind: string, n: number) => string): {
  md: string;
  results: LockResult[];
} {
  const lock = baselineLock();
  const template = lock.results;
  const results: LockResult[] = [];
  const trajectories: Record<string, InvokeRecord> = {};
  const copies = Math.ceil(100_000 / template.length);
  for (let k = 0; k < copies; k++) {
    for (const [i, r] of template.entries()) {
      const n = k * template.length + i;
      const kind = ERROR_KINDS[n % ERROR_KINDS.length]!;
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
      trajectories[key] = { error: { kind, message: message(kind, n) } };
    }
  }
  return { md: renderMarkdownReport(buildModel({ lock: { ...lock, results }, trajectories })), results };
}

/**
 * QA46: a metric evalc computes itself that fails (`metric_error`: an example with no expected
 * value, `cost` with no price) showed in report.md as "`exact_match` (error metric_error)" with no
 * reason — its message ("no expected value for this example") was cached with the score but only
 * a judge's error was read back for the reports; the reason was in .evalc/logs/run.log alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LogStore } from '../../src/executor/cache-store.js';
import { reportSources } from '../../src/executor/trajectories.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderReports } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("a metric_error's message reaches the reports (QA46)", () => {
  it('report.md and report.json say why exact_match could not score', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa46-'));
    dirs.push(dir);
    const store = new LogStore(dir);
    const lock: Lockfile = baselineLock();
    const row = lock.results.find((r) => r.pass === false && (r.errors ?? []).length === 0);
    if (!row) throw new Error('no failing row');
    const [id] = Object.keys(row.metrics).filter((m) => m !== 'judge' && m !== 'pass_rate');
    if (!id) throw new Error('no metric');
    row.metrics[id] = { score: null, errors: 1, error: 'metric_error', key: 'k1:qa46-metric-error' };
    store.put('k1:qa46-metric-error', 'score', {
      score: null,
      error: { kind: 'metric_error', message: 'no expected value for this example' },
    });
    const sources = reportSources(lock, store);
    store.close();
    const out = renderReports({ lock, ...sources });
    const line = out['report.md'].split('\n').find((l) => l.includes(`/${row.example} —`)) ?? '';
    expect(line).toContain(`\`${id}\` (error metric\\_error: no expected value for this example)`);
    expect(out['report.json']).toContain('no expected value for this example');
  });
});

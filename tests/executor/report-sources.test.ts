/**
 * What the reports read back from the cache is bounded by count and by bytes, failing rows
 * first: a run with megabyte replies no longer parses every trajectory at the end of apply
 * (2.4 GB of memory for 40 examples of ~3 MB), and report.html's drill-down gets the failures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LogStore } from '../../src/executor/cache-store.js';
import { reportSources } from '../../src/executor/trajectories.js';
import type { Lockfile } from '../../src/lockfile/types.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A store holding one invoke record per example (`text` bytes of reply), and a lock of them. */
function fixture(examples: { id: string; pass: boolean; text: number }[]) {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-sources-'));
  dirs.push(dir);
  const store = new LogStore(dir);
  for (const e of examples)
    store.put(`k:${e.id}`, 'invoke', {
      trajectory: { response: { output: 'x'.repeat(e.text) }, usage: {}, turns: [] },
      durationMs: 1,
    });
  const lock = {
    groups: { 'a/t/d': {} },
    results: examples.map((e) => ({
      group: 'a/t/d',
      example: e.id,
      weight: 1,
      invoke: [`k:${e.id}`],
      pass: e.pass,
      metrics: {},
    })),
  } as unknown as Lockfile;
  return { store, lock };
}

describe('reportSources', () => {
  it('reads the failing rows first when the count limit leaves some out', () => {
    const { store, lock } = fixture([
      { id: 'p1', pass: true, text: 10 },
      { id: 'f1', pass: false, text: 10 },
      { id: 'p2', pass: true, text: 10 },
      { id: 'f2', pass: false, text: 10 },
    ]);
    expect(Object.keys(reportSources(lock, store, { limit: 2 }).trajectories).sort()).toEqual([
      'k:f1',
      'k:f2',
    ]);
    expect(Object.keys(reportSources(lock, store, { limit: 3 }).trajectories).sort()).toEqual([
      'k:f1',
      'k:f2',
      'k:p1',
    ]);
    store.close();
  });

  it('stops at the byte budget, skipping a record too big for what is left', () => {
    const { store, lock } = fixture([
      { id: 'f1', pass: false, text: 1000 },
      { id: 'f2', pass: false, text: 5000 },
      { id: 'p1', pass: true, text: 1000 },
    ]);
    const loaded = reportSources(lock, store, { limit: 5000, byteLimit: 2500 }).trajectories;
    expect(Object.keys(loaded).sort()).toEqual(['k:f1', 'k:p1']);
    expect(Object.keys(reportSources(lock, store).trajectories)).toHaveLength(3);
    store.close();
  });
});

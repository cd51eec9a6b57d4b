/**
 * QA355: at the end of a live apply, the reports' sources read back from the cache checked each
 * row for a later run's answers (QA111's `report --from` of an older lock): one score record read
 * and parsed per row, ~25 ms of the 10k-example write-out, for a lock whose answers no later run
 * can have replaced (the apply holds the cache's lock). `ownRun` reads no score record for that;
 * without it a replaced row is still left out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LogStore } from '../../src/executor/cache-store.js';
import type { StepStore } from '../../src/executor/step-store.js';
import { reportSources } from '../../src/executor/trajectories.js';
import type { Lockfile } from '../../src/lockfile/types.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** One passing exact_match row; the cache holds its answer and a score of 0 under its score key. */
function fixture() {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa355-'));
  dirs.push(dir);
  const store = new LogStore(dir);
  store.put('k:e1', 'invoke', {
    trajectory: { response: { output: 'cs' }, usage: {}, turns: [] },
    durationMs: 1,
  });
  store.put('s:e1', 'score', { score: 0, pass: false });
  const lock = {
    groups: { 'a/t/d': { metrics: { em: { type: 'exact_match', config: { type: 'exact_match' } } } } },
    results: [
      {
        group: 'a/t/d',
        example: 'e1',
        weight: 1,
        invoke: ['k:e1'],
        pass: true,
        metrics: { em: { score: 1, pass: true, key: 's:e1' } },
      },
    ],
  } as unknown as Lockfile;
  const read: string[] = [];
  const counting: StepStore = new Proxy(store, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (prop !== 'get' || typeof value !== 'function')
        return typeof value === 'function' ? value.bind(target) : value;
      return (key: string) => {
        read.push(key);
        return value.call(target, key);
      };
    },
  });
  return { store, counting, lock, read };
}

describe('reportSources of a live apply’s own lock (QA355)', () => {
  it('reads no score record to check for a later run’s answers', () => {
    const { store, counting, lock, read } = fixture();
    const sources = reportSources(lock, counting, { ownRun: true });
    expect(Object.keys(sources.trajectories)).toEqual(['k:e1']);
    expect(read).not.toContain('s:e1');
    store.close();
  });

  it('still leaves out a row whose cached score is not the lock’s (report --from)', () => {
    const { store, counting, lock, read } = fixture();
    expect(reportSources(lock, counting).trajectories).toEqual({});
    expect(read).toContain('s:e1');
    store.close();
  });
});

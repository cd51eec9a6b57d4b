/** The text diff's counts cover every scope; a dataset row equal to its single-dataset task's is hidden, and said so. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';

const lock = (name: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../fixtures/locks', name), 'utf8')) as Lockfile;

describe('text diff of a single-dataset task', () => {
  it('counts 3 regressions, shows the benchmark and task rows, and says the dataset row is not shown', () => {
    const text = renderTextDiff(diffLocks(lock('single-dataset-base.lock'), lock('single-dataset-new.lock')));
    expect(text.split('\n')[0]).toContain('3 significant regressions, 0 improvements,');
    expect(text.match(/^ {2}REGRESSION /gm)).toHaveLength(2);
    expect(text).toContain(
      "(1 more significant change at dataset scope, the same as their single-dataset task's, not shown)",
    );
  });
});

/**
 * QA171 (QA158's "found, not fixed"): the diff's "paired examples" are the examples a paired test
 * compares — a metric with a score or value in both runs — as the note under the table says ("the
 * CI, p and verdict test the examples with a value in both runs"). An example whose metric scored
 * in one run only (its judge errored, its invoke failed) was counted paired because both runs have
 * its row: a judge that errored on 2 of 18 read "18 paired examples" above a test of 16. It is now
 * "16 paired examples, 2 unpaired", in the text, Markdown and HTML summaries and JSON's
 * `examples.pairedIds` / `unpairedIds`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';

const lock = () =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../fixtures/locks/single-dataset-base.lock'), 'utf8'),
  ) as Lockfile;

/** The same lock with the metric of `examples` errored: no score, as a judge_error leaves it. */
function errored(examples: string[]): Lockfile {
  const out = lock();
  for (const r of out.results) {
    if (!examples.includes(r.example)) continue;
    for (const m of Object.values(r.metrics)) {
      delete (m as { score?: number }).score;
      (m as { pass?: boolean }).pass = false;
      (m as { error?: string }).error = 'judge_error';
    }
    r.pass = false;
  }
  return out;
}

describe('paired examples in the diff summary (QA171)', () => {
  it('counts only examples with a metric figure in both runs, the rest as unpaired', () => {
    const diff = diffLocks(lock(), errored(['e3', 'e7']));
    expect(diff.examples).toMatchObject({ paired: 18, pairedIds: 16, unpairedIds: 2 });
    const delta = diff.aggregates.find((d) => d.scope === 'benchmark');
    expect(delta?.unpaired).toBe(2);
    expect(renderTextDiff(diff).split('\n')[0]).toContain('(16 paired examples, 2 unpaired, α = 0.05)');
    expect(renderMarkdownDiff(diff)).toContain('16 paired examples, 2 unpaired');
  });

  it('leaves unpairedIds out when every example of both runs is compared', () => {
    const diff = diffLocks(lock(), lock());
    expect(diff.examples.pairedIds).toBe(18);
    expect('unpairedIds' in diff.examples).toBe(false);
    expect(renderTextDiff(diff).split('\n')[0]).toContain('(18 paired examples, α = 0.05)');
  });

  it('says nothing compared when no metric has a figure in both runs', () => {
    const all = Array.from({ length: 18 }, (_, i) => `e${i}`);
    const diff = diffLocks(lock(), errored(all));
    expect(diff.examples).toMatchObject({ pairedIds: 0, unpairedIds: 18 });
    expect(renderTextDiff(diff).split('\n')[0]).toContain(
      '0 paired examples (nothing compared), 18 unpaired',
    );
    // Nothing compared is not all clear: report.md's verdict is ⚠️, as for a baseline no row pairs with.
    expect(renderMarkdownDiff(diff)).toMatch(/^⚠️ \*\*0\*\* significant regressions/m);
  });
});

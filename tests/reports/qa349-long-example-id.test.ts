/**
 * QA349: report.md showed an example id whole. A 70,000-character id (a dataset whose ids are the
 * question's text) made the Errors table's row, whose "first seen" cell names it, and each failing
 * example's line too big for the PR comment: report.md dropped the whole Errors table (`1 more
 * section not shown`) and listed no failing example under `Failing examples:`, while its verdict
 * line counted them. An id is now shown cut at 200 characters, `…` (report.html, report.json and
 * junit.xml keep it whole), in report.md and in `evalc diff --format md`'s flips and its lists of new,
 * gone and changed examples (20 ids of `task/dataset/example` each).
 */
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { buildModel } from '../../src/reports/index.js';
import { renderMarkdownReport } from '../../src/reports/markdown.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { escapeMarkdown } from '../../src/reports/markdown-text.js';
import { a2WorseLock, baselineLock } from '../fixtures/locks/variants.js';

const LONG = 'q'.repeat(70_000);
const longIds = (lock: Lockfile): Lockfile => ({
  ...lock,
  results: lock.results.map((r) => ({ ...r, example: `${LONG}-${r.example}` })),
});
// QA357: the cut keeps the id's first 150 characters and its last 49, where these ids differ.
const shown = (example: string) => `${'q'.repeat(150)}…${`${LONG}-${example}`.slice(-49)}`;

describe('an example id of 70,000 characters in report.md', () => {
  it('keeps the Errors table and the failing examples, the id cut at 200 characters', () => {
    const lock = longIds(a2WorseLock());
    const failed = lock.results.find((r) => r.pass === false)!;
    failed.invoke = ['inv-long'];
    failed.errors = ['http_500'];
    const trajectories = { 'inv-long': { error: { kind: 'http_500', message: 'HTTP 500: overloaded' } } };
    const md = renderMarkdownReport(buildModel({ lock, trajectories }));
    expect(Buffer.byteLength(md)).toBeLessThan(65_000);
    expect(md).toMatch(/### ⚠️ Errors \(\d+ failed steps in \d+ results\)/);
    expect(md).toContain(`| HTTP 500: overloaded | \`${failed.group.split('/')[0]}\` `);
    expect(md).toContain(`${escapeMarkdown(shown(failed.example.slice(LONG.length + 1)))} |`);
    const failing = md.split('\n').filter((l) => l.startsWith('- `') && l.includes(`${'q'.repeat(150)}…`));
    expect(failing.length).toBeGreaterThan(3);
    expect(md).not.toContain('q'.repeat(200));
  });

  it('keeps a failing example-scope gate, which names the example in its scope and message', () => {
    const lock = longIds(a2WorseLock());
    const id = lock.results[0]!.example;
    lock.gates = [
      {
        metric: 'pass_rate',
        scope: `example:search/course-search/${id}`,
        agent: 'a2',
        kind: 'min',
        passed: false,
        actual: 0,
        message: `pass_rate = 0.000 at example:search/course-search/${id} for a2; required ≥ 0.5`,
      },
    ];
    const md = renderMarkdownReport(buildModel({ lock }));
    expect(md).toContain('### ❌ Failing gates (1)');
    expect(md).toContain(
      `| ❌ | \`pass_rate\` | \`a2\` | \`example:search/course-search/${'q'.repeat(121)}…${id.slice(-49)}\` | min | 0.000 | pass\\_rate = 0.000 at example:search/course-search/${'q'.repeat(121)}…${escapeMarkdown(id.slice(-49))} for a2; required ≥ 0.5 |`,
    );
    expect(md).not.toContain('q'.repeat(200));
  });

  it('keeps the flips of evalc diff --format md', () => {
    const md = renderMarkdownDiff(diffLocks(longIds(baselineLock()), longIds(a2WorseLock())));
    const flips = md.split('\n').filter((l) => l.startsWith('- `a2`'));
    expect(flips.length).toBeGreaterThanOrEqual(3);
    for (const line of flips) expect(line).toMatch(/\*\*q{150}…q+-[a-z]+-\d+\*\*/);
    expect(md).not.toContain('q'.repeat(200));
  });

  it('keeps the lists of new and gone examples of evalc diff --format md', () => {
    const md = renderMarkdownDiff(diffLocks(baselineLock(), longIds(baselineLock())));
    const listed = md.split('\n').find((l) => l.startsWith('**New examples ('));
    expect(listed).toMatch(/^\*\*New examples \(\d+\):\*\* `[a-z]+\/[a-z-]+\/q+…q+-[a-z]+-\d+`, /);
    expect(md).not.toContain('q'.repeat(200));
  });
});

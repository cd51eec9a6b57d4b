/**
 * QA357: 33bf3e03 cut an example id longer than 200 characters to its first 199 and a `…` in report.md
 * and `evalc diff --format md`. Ids that share their first 200 characters — a dataset whose ids are a
 * long common instruction and then the question — were then all shown as one id: every failing
 * example, flip and listed example read the same, so a reviewer could not tell which failed. The cut
 * now keeps the id's end as well (its first 150 and last 49 characters around the `…`).
 */
import { describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { buildModel } from '../../src/reports/index.js';
import { renderMarkdownReport } from '../../src/reports/markdown.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { shownId } from '../../src/reports/markdown-text.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { a2WorseLock, baselineLock } from '../fixtures/locks/variants.js';

const PREFIX = `Read the policy below and answer in one word. ${'Policy text. '.repeat(40)}Question: `;
const withPrefix = (lock: Lockfile): Lockfile => ({
  ...lock,
  results: lock.results.map((r) => ({ ...r, example: `${PREFIX}${r.example}?` })),
});

describe('two long example ids sharing their first 200 characters', () => {
  it('are shown apart, each cut to 200 characters with its end kept', () => {
    const a = shownId(`${PREFIX}what is the capital of France?`);
    const b = shownId(`${PREFIX}what is the capital of Spain?`);
    expect(a).not.toBe(b);
    expect(a).toHaveLength(200);
    expect(a).toBe(`${PREFIX.slice(0, 150)}…${`${PREFIX}what is the capital of France?`.slice(-49)}`);
    // never half an emoji at either side of the cut, and deterministic
    const emoji = shownId(`${'x'.repeat(149)}😀${'y'.repeat(300)}😀${'z'.repeat(48)}`);
    expect(emoji).toBe(`${'x'.repeat(149)}…${'z'.repeat(48)}`);
    expect(shownId('short id')).toBe('short id');
    expect(shownId(`${PREFIX}x`)).toBe(shownId(`${PREFIX}x`));
  });

  it('in report.md failing examples and evalc diff --format md flips', () => {
    const lock = withPrefix(a2WorseLock());
    const md = renderMarkdownReport(buildModel({ lock }));
    const failing = md.split('\n').filter((l) => l.startsWith('- `') && l.includes('Policy text.'));
    expect(failing.length).toBeGreaterThan(3);
    expect(new Set(failing).size).toBe(failing.length);
    const diff = renderMarkdownDiff(diffLocks(withPrefix(baselineLock()), lock));
    const flips = diff.split('\n').filter((l) => l.startsWith('- `a2`'));
    expect(flips.length).toBeGreaterThanOrEqual(3);
    expect(new Set(flips).size).toBe(flips.length);
  });

  it("in evalc diff's text flips, cut as in its lists (fe3792b3 cut the lists only)", () => {
    const lock = withPrefix(a2WorseLock());
    const text = renderTextDiff(diffLocks(withPrefix(baselineLock()), lock));
    const flips = text.split('\n').filter((l) => l.startsWith('  a2 '));
    expect(flips.length).toBeGreaterThanOrEqual(3);
    expect(new Set(flips).size).toBe(flips.length);
    for (const line of flips) expect(line).toContain(`${PREFIX.slice(0, 150)}…`);
    expect(text).not.toContain(PREFIX);
  });
});

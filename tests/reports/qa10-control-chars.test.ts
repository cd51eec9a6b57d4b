/**
 * Control characters in example ids (QA10: unicode datasets): a NUL reached report.md as a raw
 * byte (grep then calls the file binary) and an ESC would reach the terminal through `evalc diff`.
 */
import { describe, expect, it } from 'vitest';
import { showControlChars } from '../../src/lockfile/control-chars.js';
import { diffLocks } from '../../src/lockfile/diff.js';
import { renderReports, renderTextDiff } from '../../src/reports/index.js';
import { baselineLock } from '../fixtures/locks/variants.js';

/** The fixture with its first failing result renamed `id`. */
function lockWithExample(id: string) {
  const lock = baselineLock();
  const failing = lock.results.find((r) => r.pass === false);
  if (!failing) throw new Error('fixture has a failing result');
  failing.example = id;
  return lock;
}

describe('control characters in data', () => {
  it('spells C0/C1 controls and DEL as \\uXXXX, keeping tabs, newlines and other text', () => {
    expect(showControlChars('a\u0000b\u001b[2Jc\u007f\u009b\td\ne 🦊 שלום')).toBe(
      'a\\u0000b\\u001b[2Jc\\u007f\\u009b\td\ne 🦊 שלום',
    );
  });

  it('spells bidi overrides and isolates, keeps right-to-left text and its marks', () => {
    expect(showControlChars('fail-\u202Elipa \u2066x\u2069 שלום مرحبا \u200F')).toBe(
      'fail-\\u202elipa \\u2066x\\u2069 שלום مرحبا \u200F',
    );
  });

  it('report.md has no raw NUL or ESC for an example id holding them', () => {
    const md = renderReports({ lock: lockWithExample('nul\u0000and\u001b]0;pwned\u0007') })['report.md'];
    expect(md).not.toMatch(/[\u0000\u001b\u0007]/);
    expect(md).toContain('nul\\u0000and\\u001b\\]0;pwned\\u0007');
  });

  it('evalc diff text output prints an ESC in an example id as \\u001b', () => {
    const id = 'x\u001b[2J';
    const old = lockWithExample(id);
    const cur = lockWithExample(id);
    for (const r of cur.results) if (r.example === id) r.pass = true;
    for (const r of old.results) if (r.example === id) r.pass = false;
    const text = renderTextDiff(diffLocks(old, cur));
    expect(text).toContain('x\\u001b[2J');
    expect(text).not.toContain('\u001b');
  });
});

describe('evalc diff text header', () => {
  it('counts the examples only one run has, as the Markdown view does (QA10: 25,000 → 50,000 examples)', () => {
    const old = baselineLock();
    const cur = baselineLock();
    const extra = cur.results.slice(0, 5).map((r) => ({ ...r, example: `${r.example}-new` }));
    cur.results.splice(-3, 3);
    cur.results.push(...extra);
    const first = renderTextDiff(diffLocks(old, cur)).split('\n')[0] ?? '';
    // Examples (task/dataset/example ids), as the New/Gone lists count them (QA158): the 3 rows
    // removed are one agent's of examples the others keep (87 rows paired, 5 new, 3 gone).
    expect(first).toMatch(/\(30 paired examples, 5 new, α = 0\.05\)$/);
  });
});

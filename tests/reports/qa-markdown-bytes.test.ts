/**
 * report.md must stay under 65,000 characters (DESIGN §5) however it is measured: its tables are
 * full of emoji and typographic marks, which take 2–4 bytes each, and a check on the file's size
 * on disk counts bytes.
 */
import { describe, expect, it } from 'vitest';
import { fitSections, MARKDOWN_LIMIT } from '../../src/reports/markdown-fit.js';

describe('fitSections with multi-byte text', () => {
  it('keeps the UTF-8 size of the result under the limit, not only its string length', () => {
    // Each row is 40 UTF-16 units but 56 UTF-8 bytes (✅ 3, 🔴 4, — 3, ▼ 3, é 2, · 2).
    const row = '| ✅ 🔴 | `café` — ▼ −0.800 · failing row |';
    const items = Array.from({ length: 3000 }, (_, i) => `${row} ${String(i).padStart(4, '0')}`);
    const md = fitSections([
      { head: ['## ❌ evalc — huge', '', '| a | b |', '|---|---|'], items, tail: [''], noun: 'rows' },
    ]);
    expect(Buffer.byteLength(md, 'utf8')).toBeLessThan(MARKDOWN_LIMIT);
    expect(md.length).toBeLessThan(MARKDOWN_LIMIT);
    // It still fills the budget (a row is under 70 bytes): not truncated far below the limit.
    expect(Buffer.byteLength(md, 'utf8')).toBeGreaterThan(MARKDOWN_LIMIT - 200);
    expect(md).toMatch(/_… \d+ more rows not shown \(see the full report\)\._/);
  });
});

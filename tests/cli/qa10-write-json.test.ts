/**
 * `plan --json` of a large plan (QA10: 50,000 examples × 3 repeats, 750,000 steps, 222 MB) was one
 * JSON.stringify string: 1.3 GB of memory, and past V8's longest string it throws. It is now
 * written in pieces that must spell exactly what JSON.stringify(value, null, 2) spells.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeJson } from '../../src/cli/write-json.js';

function written(value: Record<string, unknown>): { text: string; writes: number } {
  const parts: string[] = [];
  writeJson(value, (t) => parts.push(t));
  return { text: parts.join(''), writes: parts.length };
}

describe('writeJson', () => {
  it('spells any object exactly as JSON.stringify(value, null, 2) plus a newline', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        expect(written(value).text).toBe(`${JSON.stringify(value, null, 2)}\n`);
      }),
      { numRuns: 300 },
    );
  });

  it('handles empty objects and arrays, undefined members and strings with newlines', () => {
    const value = {
      a: [],
      b: {},
      c: undefined,
      d: [1, undefined, { e: 'two\nlines', f: [] }],
      g: 'x\ny',
      h: null,
    };
    expect(written(value).text).toBe(`${JSON.stringify(value, null, 2)}\n`);
    expect(written({}).text).toBe('{}\n');
  });

  it('writes a long top-level list in several pieces, never one string of the whole', () => {
    const steps = Array.from({ length: 20_000 }, (_, i) => ({
      kind: 'invoke',
      id: `invoke/a/t/d/x${i}#0`,
      key: `k1:${String(i).padStart(64, '0')}`,
      status: 'run',
      reason: 'new example',
    }));
    const value = { ok: true, exitCode: 2, steps, notes: [] };
    const { text, writes } = written(value);
    expect(text).toBe(`${JSON.stringify(value, null, 2)}\n`);
    expect(writes).toBeGreaterThan(2);
  });
});

/**
 * QA30: the dataset JSON scan was rewritten for speed (strings skipped with indexOf, keys kept in
 * one shared list, the depth measured in the same pass, and a check against the parsed value that
 * answers without scanning). It must find exactly what the scan before it found: the same
 * duplicate keys and imprecise integers at the same offsets, and every text nested deeper than the
 * limit. `referenceScan` is that earlier scan, kept here verbatim as the oracle.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type JsonTextIssue,
  scanJsonTextDepth,
  scanParsedJsonText,
} from '../../src/compiler/dataset-json-scan.js';
import { exceedsJsonDepth } from '../../src/protocols/bounded-json.js';

function referenceScan(text: string): JsonTextIssue[] {
  const issues: JsonTextIssue[] = [];
  const stack: { keys: Set<string> | undefined; expectKey: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const start = i;
      let escaped = false;
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) {
          escaped = true;
          i++;
        } else if (d === 34) break;
      }
      const top = stack[stack.length - 1];
      if (top?.keys && top.expectKey) {
        const raw = text.slice(start + 1, i);
        const key = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : raw;
        if (top.keys.has(key)) issues.push({ kind: 'duplicate_key', offset: start, key });
        else top.keys.add(key);
        top.expectKey = false;
      }
    } else if (c === 123) stack.push({ keys: new Set(), expectKey: true });
    else if (c === 91) stack.push({ keys: undefined, expectKey: false });
    else if (c === 125 || c === 93) stack.pop();
    else if (c === 44) {
      const top = stack[stack.length - 1];
      if (top?.keys) top.expectKey = true;
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      const start = i;
      let integer = true;
      const isNumberChar = (d: number) =>
        (d >= 48 && d <= 57) || d === 46 || d === 101 || d === 69 || d === 43 || d === 45;
      while (i + 1 < text.length && isNumberChar(text.charCodeAt(i + 1))) {
        i++;
        const d = text.charCodeAt(i);
        if (d === 46 || d === 101 || d === 69) integer = false;
      }
      if (integer && i - start >= 15) {
        const literal = text.slice(start, i + 1);
        const read = String(Number(literal));
        if (!Number.isSafeInteger(Number(literal)) && BigInt(literal).toString() !== read)
          issues.push({ kind: 'imprecise_integer', offset: start, literal, read });
      }
    }
  }
  return issues;
}

/** A JSON text as written by hand: keys from a small set (so some repeat), escapes, colons and quotes in strings, long integers, spaces. */
const space = fc.constantFrom('', '', ' ', '\t', '  ');
const keyText = fc.constantFrom(
  '"a"',
  '"b"',
  '"\\u0061"',
  '"a:b"',
  '"q\\""',
  '"\\\\"',
  '"id"',
  '"__proto__"',
);
const leaf = fc.oneof(
  fc.constantFrom('null', 'true', 'false', '0', '-1.5e3', '"x:y"', '"\\"{"', '"[,]"', '"\\\\"'),
  fc.constantFrom(
    '12345678901234567891',
    '-9007199254740993',
    '9007199254740992',
    '123456789012345',
    '"123456789012345678"',
  ),
  fc.integer().map(String),
  fc.string().map((s) => JSON.stringify(s)),
);
const { text: jsonText } = fc.letrec<{ text: string }>((tie) => ({
  text: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .array(tie('text'), { maxLength: 4 })
      .chain((items) => space.map((s) => `[${s}${items.join(`${s},${s}`)}${s}]`)),
    fc
      .array(fc.tuple(keyText, tie('text')), { maxLength: 5 })
      .chain((entries) =>
        space.map((s) => `{${s}${entries.map(([k, v]) => `${k}${s}:${s}${v}`).join(`,${s}`)}${s}}`),
      ),
  ),
}));

describe('the dataset JSON scan (QA30 rewrite)', () => {
  it('finds the same duplicate keys and imprecise integers as the scan before it', () => {
    fc.assert(
      fc.property(jsonText, (text) => {
        const expected = referenceScan(text);
        expect(scanJsonTextDepth(text).issues).toEqual(expected);
        expect(scanParsedJsonText(text, JSON.parse(text), 512).issues).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('finds duplicates in objects with many keys (past the linear comparison)', () => {
    const keys = Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`);
    const text = `{${keys.join(',')},"k7":1,"k39":2}`;
    const issues = scanJsonTextDepth(text).issues;
    expect(issues.map((i) => (i.kind === 'duplicate_key' ? i.key : ''))).toEqual(['k7', 'k39']);
    expect(scanParsedJsonText(text, JSON.parse(text), 512).issues).toEqual(issues);
  });

  it('does not mix up the keys of sibling and nested objects', () => {
    const text = '[{"a":1,"b":{"a":2,"c":[{"a":3},{"a":4,"a":5}]},"c":6},{"a":1,"b":2}]';
    expect(scanJsonTextDepth(text).issues).toEqual([{ kind: 'duplicate_key', offset: 39, key: 'a' }]);
    expect(text.slice(39, 42)).toBe('"a"');
  });

  it('falls back to the scan when a colon in a string hides a duplicate key from the count', () => {
    // three colons (one in a string), three keys parsed: the duplicate must still be found
    const text = '{"u":"http://x","u":1}';
    expect(scanParsedJsonText(text, JSON.parse(text), 512).issues).toEqual([
      { kind: 'duplicate_key', offset: 16, key: 'u' },
    ]);
  });

  it('still finds a duplicate key when something made an Object.prototype key enumerable', () => {
    const text = '{"a":1,"a":2}';
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 1;
    try {
      expect(scanParsedJsonText(text, JSON.parse(text), 512).issues).toEqual([
        { kind: 'duplicate_key', offset: 7, key: 'a' },
      ]);
    } finally {
      delete proto.polluted;
    }
  });

  it('measures the depth exactly as the reply depth check does, and flags texts past the limit', () => {
    for (const n of [1, 5, 512, 513, 700]) {
      const text = `${'['.repeat(n)}${']'.repeat(n)}`;
      expect(scanJsonTextDepth(text).depth).toBe(n);
      const flagged = scanParsedJsonText(text, JSON.parse(text), 512).depth > 512;
      expect(flagged).toBe(exceedsJsonDepth(text, 512));
      expect(flagged).toBe(n > 512);
    }
    const objects = `${'{"a":'.repeat(600)}1${'}'.repeat(600)}`;
    expect(scanParsedJsonText(objects, JSON.parse(objects), 512).depth).toBe(600);
  });
});

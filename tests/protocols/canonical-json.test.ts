import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, sha256Hex, sortedKeys, wireJson } from '../../src/protocols/canonical-json.js';

describe('canonicalJson', () => {
  it('orders keys by UTF-16 code units and formats numbers as ECMAScript does (RFC 8785 §3.2)', () => {
    // RFC 8785 §3.2.3 sorting example keys: "\u20ac" (€), "\r", "\ufb33", "1", "\ud83d\ude00", "\u0080", "\u00f6"
    const value = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    const keys = [...canonicalJson(value).matchAll(/"((?:[^"\\]|\\.)*)":/g)].map(
      (m) => JSON.parse(`"${m[1]}"`) as string,
    );
    expect(keys).toEqual(['\r', '1', '\u0080', '\u00f6', '\u20ac', '\ud83d\ude00', '\ufb33']);
    expect(canonicalJson({ n: [1e21, 1e-7, -0, 0.1, 333333333.3333333] })).toBe(
      '{"n":[1e+21,1e-7,0,0.1,333333333.3333333]}',
    );
  });

  it('is independent of key insertion order', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (record) => {
        const reversed = Object.fromEntries(Object.entries(record).reverse());
        expect(canonicalJson(reversed)).toBe(canonicalJson(record));
      }),
      { numRuns: 200 },
    );
  });

  it('hashes UTF-8 text to lower-case hex SHA-256', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('gives the text of the canonicalize package for any JSON value, including astral and odd keys', () => {
    const text = fc.string({ unit: 'grapheme' });
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.constant(null),
        fc.boolean(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer(),
        text,
        fc.array(tie('value')),
        fc.dictionary(fc.oneof(text, fc.constantFrom('1', '10', '2', '__proto__x', '')), tie('value')),
      ),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        expect(canonicalJson(value)).toBe(canonicalize(value));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the results of the package for what is not plain JSON', () => {
    const date = new Date(Date.UTC(2026, 0, 2));
    expect(canonicalJson({ b: date, a: [1, undefined] })).toBe(
      '{"a":[1,null],"b":"2026-01-02T00:00:00.000Z"}',
    );
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    const deep: unknown[] = [];
    let cursor = deep;
    for (let i = 0; i < 100; i++) {
      const next: unknown[] = [];
      cursor.push(next);
      cursor = next;
    }
    expect(canonicalJson(deep)).toBe(`${'['.repeat(101)}${']'.repeat(101)}`);
    expect(() => canonicalJson({ x: Number.NaN })).toThrow('NaN is not allowed');
    expect(() => canonicalJson([Number.POSITIVE_INFINITY])).toThrow('Infinity is not allowed');
    expect(() => canonicalJson({ s: 'a\ud800b' })).toThrow('Lone surrogate');
    expect(() => canonicalJson({ '\udc00': 1 })).toThrow('Lone surrogate');
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = { back: cyclic };
    expect(() => canonicalJson(cyclic)).toThrow('Circular reference');
    expect(() => canonicalJson(undefined)).toThrow('no JSON form');
  });

  it('sortedKeys equals Object.keys(...).sort() for objects built in any key order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary' }), { maxLength: 12 }),
        fc.boolean(),
        (names, presort) => {
          const order = presort ? [...new Set(names)].sort() : names;
          const record: Record<string, number> = {};
          order.forEach((name, i) => {
            record[name] = i;
          });
          expect(sortedKeys(record)).toEqual(Object.keys(record).sort());
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('wireJson (text from agents, sent on or keyed as sent)', () => {
  it('is canonicalJson for every value with an RFC 8785 form', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(wireJson(value)).toBe(canonicalJson(value));
      }),
      { numRuns: 300 },
    );
  });

  it('writes a lone surrogate as its JSON escape, keys still sorted, where canonicalJson refuses it', () => {
    const value = { z: ['a \ud800 b'], a: { '\udc00k': 1, b: '\ud83d\ude00' } };
    expect(() => canonicalJson(value)).toThrow(/surrogate/i);
    expect(wireJson(value)).toBe('{"a":{"b":"\ud83d\ude00","\\udc00k":1},"z":["a \\ud800 b"]}');
    expect(JSON.parse(wireJson(value))).toEqual(value);
  });
});

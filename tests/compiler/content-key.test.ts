/**
 * Content keys: `canonicalJson` against the RFC 8785 vectors (shared/testdata/rfc8785, byte
 * for byte), and `deriveKey`, the hot-path builder, against the generic `contentKey`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import canonicalize from 'canonicalize';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, contentKey, deriveKey, digestOf, sha256Hex } from '../../src/compiler/content-key.js';

const VECTORS = '/work/shared/testdata/rfc8785';
const names = readdirSync(path.join(VECTORS, 'input')).filter((f) => f.endsWith('.json'));

describe('canonicalJson (RFC 8785)', () => {
  it('has the six published vectors to check', () => {
    expect(names.sort()).toEqual([
      'arrays.json',
      'french.json',
      'structures.json',
      'unicode.json',
      'values.json',
      'weird.json',
    ]);
  });

  it.each(names)('canonicalizes %s byte for byte', (name) => {
    const input = JSON.parse(readFileSync(path.join(VECTORS, 'input', name), 'utf8')) as unknown;
    const expected = readFileSync(path.join(VECTORS, 'output', name));
    expect(Buffer.from(canonicalJson(input), 'utf8').equals(expected)).toBe(true);
  });

  it('agrees with the canonicalize library on arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(canonicalize(value));
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), (value) => {
        let expected: string | undefined;
        try {
          expected = canonicalize(value);
        } catch {
          expect(() => canonicalJson(value)).toThrow();
          return;
        }
        expect(canonicalJson(value)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('sorts keys by UTF-16 code units and serializes numbers as ECMAScript does', () => {
    expect(canonicalJson({ '\u20ac': 1, '\r': 2, '1': 3, '\u00f6': 4, a: [1e21, 1e-7, -0, 0.1 + 0.2] })).toBe(
      '{"\\r":2,"1":3,"a":[1e+21,1e-7,0,0.30000000000000004],"ö":4,"€":1}',
    );
    expect(canonicalJson({ s: '😂', d: new Date(0) })).toBe('{"d":"1970-01-01T00:00:00.000Z","s":"😂"}');
  });

  it('refuses values that are not JSON', () => {
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
    expect(() => canonicalJson(['\uD800'])).toThrow();
  });

  it('drops undefined members, as JSON does', () => {
    expect(canonicalJson({ b: 1, a: undefined })).toBe('{"b":1}');
  });
});

const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/);
const asciiName = fc.stringMatching(/^[A-Za-z0-9_@./-]{1,30}$/);

describe('deriveKey', () => {
  it('equals contentKey for the same kind, code, config digest and inputs', () => {
    fc.assert(
      fc.property(
        asciiName,
        asciiName,
        hex64,
        fc.array(fc.oneof(hex64, asciiName), { maxLength: 5 }),
        (kind, code, config, inputs) => {
          expect(deriveKey(kind, code, config, inputs)).toBe(contentKey({ kind, code, config, inputs }));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('equals contentKey for keys shaped like the real ones (k1: prefixed inputs)', () => {
    const input = `k1:${sha256Hex('x')}`;
    const config = digestOf({ a: 1 });
    expect(deriveKey('score', 'score@1/exact_match@1', config, [input, 'r0'])).toBe(
      contentKey({ kind: 'score', code: 'score@1/exact_match@1', config, inputs: [input, 'r0'] }),
    );
  });

  it('starts every key with k1: followed by 64 hex digits', () => {
    expect(deriveKey('invoke', 'invoke@1', sha256Hex(''), [])).toMatch(/^k1:[0-9a-f]{64}$/);
  });

  it('gives different keys when only the order of the inputs differs', () => {
    const a = sha256Hex('a');
    const b = sha256Hex('b');
    expect(deriveKey('extract', 'extract@1', a, [a, b])).not.toBe(
      deriveKey('extract', 'extract@1', a, [b, a]),
    );
  });
});

describe('digestOf', () => {
  it('does not depend on the order of mapping keys', () => {
    expect(digestOf({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(digestOf({ b: [1, { d: 3, c: 2 }], a: 1 }));
  });
});

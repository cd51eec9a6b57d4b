/**
 * Python text forms used by the agentv profile's faithful relay. Every expected string was
 * produced by a real CPython 3.11 (`repr(...)`, `json.dumps(...)`) and pasted here by hand.
 */
import { describe, expect, it } from 'vitest';
import {
  formatPythonJsonDumps,
  formatPythonNumber,
  formatPythonRepr,
  isPythonTruthy,
} from '../../src/protocols/mae/python-format.js';
import { relayFaithful } from '../../src/protocols/mae/relay-text.js';

describe('formatPythonRepr', () => {
  it('matches CPython repr for quotes, literals, floats and unicode', () => {
    const value = {
      a: "it's",
      b: 'q"',
      c: [1, 2.5, null, true],
      d: 1e-5,
      e: 0.0001,
      f: 1.5e-7,
      g: 'é\u00a0\n\x01\u200b😀',
    };
    expect(formatPythonRepr(value)).toBe(
      `{'a': "it's", 'b': 'q"', 'c': [1, 2.5, None, True], 'd': 1e-05, 'e': 0.0001, 'f': 1.5e-07, 'g': 'é\\xa0\\n\\x01\\u200b😀'}`,
    );
  });

  it('escapes backslashes and both quotes when the text holds both', () => {
    // repr("a'b\"c\\d") == 'a\'b"c\\d' (single quotes, inner single quote escaped)
    expect(formatPythonRepr(`a'b"c\\d`)).toBe(`'a\\'b"c\\\\d'`);
  });

  it('prints empty containers and False like Python', () => {
    expect(formatPythonRepr({ ok: false, items: [], meta: {} })).toBe(
      "{'ok': False, 'items': [], 'meta': {}}",
    );
  });
});

describe('formatPythonJsonDumps', () => {
  it('uses ", " and ": " separators and escapes non-ASCII as lower-case \\uXXXX', () => {
    const value = [
      { status: 'success', message: 'Executed a' },
      { x: 'é😀\x7f\n', z: 123456789012345.6 },
    ];
    expect(formatPythonJsonDumps(value)).toBe(
      '[{"status": "success", "message": "Executed a"}, {"x": "\\u00e9\\ud83d\\ude00\\u007f\\n", "z": 123456789012345.6}]',
    );
  });
});

describe('formatPythonNumber', () => {
  it('switches to exponent form outside [1e-4, 1e16) like float repr', () => {
    expect(formatPythonNumber(0.1)).toBe('0.1');
    expect(formatPythonNumber(-0.00012)).toBe('-0.00012');
    expect(formatPythonNumber(1.25e-5)).toBe('1.25e-05');
    expect(formatPythonNumber(1234.5)).toBe('1234.5');
    expect(formatPythonNumber(42)).toBe('42');
  });
});

describe('relayFaithful (AgentV _get_last_env_message)', () => {
  it('prefers a truthy message, then content, then the repr', () => {
    expect(relayFaithful({ message: 'm', content: 'c' })).toBe('m');
    expect(relayFaithful({ message: '', content: 'c' })).toBe('c');
    expect(relayFaithful({ message: '', status: 'ok' })).toBe("{'message': '', 'status': 'ok'}");
  });

  it('relays a list result with the "Tools returned" prefix and a string result as itself', () => {
    expect(relayFaithful([{ a: 1 }])).toBe('Tools returned: [{"a": 1}]');
    expect(relayFaithful('plain text')).toBe('plain text');
  });

  it('follows Python truthiness', () => {
    expect([0, '', [], {}, null, false].map(isPythonTruthy)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([1, 'x', [0], { a: 0 }, true].map(isPythonTruthy)).toEqual([true, true, true, true, true]);
  });
});

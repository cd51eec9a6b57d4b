/**
 * QA11: the secret values evalc masks are found in the spellings a server quotes them in, the
 * credential of a Basic header included, and masking does not depend on the order in which
 * agents and judges added their secrets. Values under 4 characters are never masked.
 */
import { describe, expect, it } from 'vitest';
import {
  MIN_SECRET_LENGTH,
  referencedSecrets,
  scrubJsonValue,
  scrubSecrets,
  secretForms,
  secretValues,
} from '../../src/plan/secrets.js';

describe('secret forms', () => {
  it('includes the JSON-escaped (once, twice, and ASCII-only), percent-encoded, HTML-escaped and UTF-8-as-Latin-1 spellings', () => {
    const value = 'a"b\\c/d ü';
    expect(secretForms(value).sort()).toEqual(
      [
        'a"b\\c/d ü',
        'a\\"b\\\\c/d ü',
        'a\\\\\\"b\\\\\\\\c/d ü',
        'a%22b%5Cc%2Fd%20%C3%BC',
        'a"b\\c/d Ã¼',
        'a\\"b\\\\c/d \\u00fc',
        // Python's quote (keeps /), quote_plus, and each in lower-case hex; HTML-escaped (QA160)
        'a%22b%5Cc/d%20%C3%BC',
        'a%22b%5Cc%2Fd+%C3%BC',
        'a%22b%5cc%2fd%20%c3%bc',
        'a%22b%5cc/d%20%c3%bc',
        'a%22b%5cc%2fd+%c3%bc',
        'a&quot;b\\c/d ü',
        'a&#34;b\\c/d ü',
        // HTML-escaped inside a JSON string (QA190)
        'a&quot;b\\\\c/d ü',
        'a&#34;b\\\\c/d ü',
        // its Latin-1 bytes (as a header sends it) read as UTF-8, as is and in a JSON string (QA190)
        'a"b\\c/d \uFFFD',
        'a\\"b\\\\c/d \uFFFD',
        'a\\"b\\\\c/d \\ufffd',
        // upper-case hex: Jackson's ESCAPE_NON_ASCII, and .NET's System.Text.Json (QA195)
        'a\\"b\\\\c/d \\u00FC',
        'a\\u0022b\\\\c/d \\u00FC',
        'a\\"b\\\\c/d \\uFFFD',
        'a\\u0022b\\\\c/d \\uFFFD', // .NET's, its `"` escaped too (QA198)
        // PHP's json_encode, `/` escaped, non-ASCII too by default (QA285)
        'a\\"b\\\\c\\/d ü',
        'a\\"b\\\\c\\/d \\u00fc',
      ].sort(),
    );
  });

  it('has none for a value shorter than the minimum', () => {
    expect(MIN_SECRET_LENGTH).toBe(4);
    expect(secretForms('abc')).toEqual([]);
    expect(secretValues([{ 'x-short': 'abc' }])).toEqual([]);
    expect(scrubSecrets('"x-short":"abc"', secretValues([{ 'x-short': 'abc' }]))).toBe('"x-short":"abc"');
  });

  it('masks a secret quoted inside a JSON document held in a string', () => {
    const secrets = secretValues([{ 'x-re': 'C4N.a*r+y(1)?[x]$^|\\Z' }]);
    const quoted = `headers were ${JSON.stringify({ 'x-re': 'C4N.a*r+y(1)?[x]$^|\\Z' })}`;
    expect(scrubSecrets(quoted, secrets)).toBe('headers were {"x-re":"***"}');
  });

  it('masks the decoded user:password and password of a Basic credential', () => {
    const basic = Buffer.from('svc:s3cret-pw').toString('base64');
    const secrets = secretValues([{ authorization: `Basic ${basic}` }]);
    expect(secrets).toEqual(expect.arrayContaining([`Basic ${basic}`, basic, 'svc:s3cret-pw', 's3cret-pw']));
    expect(scrubSecrets('user svc, password s3cret-pw rejected', secrets)).toBe(
      'user svc, password *** rejected',
    );
  });

  it('masks the longest secret first whatever order the secrets were collected in', () => {
    const collected = [...secretValues([{ a: 'tok-1234' }]), ...secretValues([{ b: 'Bearer tok-12345678' }])];
    expect(scrubSecrets('sent Bearer tok-12345678', collected)).toBe('sent ***');
    collected.push(...secretValues([{ c: 'Bearer tok-12345678-longer' }]));
    expect(scrubSecrets('sent Bearer tok-12345678-longer', collected)).toBe('sent ***');
  });

  it('finds serve.env secrets in their escaped spellings too', () => {
    const secrets = referencedSecrets({ KEY: '${env.K}', PORT: '7101' }, { K: 'pa"ss-word' });
    expect(scrubSecrets('{"key":"pa\\"ss-word"}', secrets)).toBe('{"key":"***"}');
    expect(scrubSecrets('PORT 7101', secrets)).toBe('PORT 7101');
  });

  it('scrubs every string and key of a JSON value and keeps an untouched value as is', () => {
    const secrets = secretValues([{ authorization: 'Bearer tok-abcdef' }]);
    const clean = { a: ['x', { b: 'y' }] };
    expect(scrubJsonValue(clean, secrets)).toBe(clean);
    expect(scrubJsonValue({ 'tok-abcdef': ['got tok-abcdef', 3, null] }, secrets, '[redacted]')).toEqual({
      '[redacted]': ['got [redacted]', 3, null],
    });
  });
});

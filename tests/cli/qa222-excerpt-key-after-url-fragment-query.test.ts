/**
 * QA222 (the case next to 6f104da): a key read after the `,` that ends an unquoted url in braces,
 * the url's fragment or path holding a `?` or `&` piece before that `,` (`{ url: http://h/v1#x?a=1,token=… }`,
 * `{ url: http://h/r&x=1,api_key=… }`), was shown as written in validate's excerpt, while its
 * message reads 'unknown key `token=***`': the whole `?a=1,token=…` was read as the fragment. The
 * url up to the `,` is kept as written (as evalc.lock records it); the key after it is masked.
 */
import { expect, it } from 'vitest';
import { maskUrlPasswords } from '../../src/cli/render-diagnostics.js';

it.each([
  [
    'a `?` piece in the fragment',
    '  a3: { protocol: raip, url: http://h/v1#x?a=1,token=Secret12345 }',
    '  a3: { protocol: raip, url: http://h/v1#x?a=1,token=*********** }',
  ],
  [
    'an `&` piece in the path',
    '  a: { url: http://h/r&x=1,api_key=Secret12345, y: 1 }',
    '  a: { url: http://h/r&x=1,api_key=***********, y: 1 }',
  ],
  [
    'a fragment credential itself, kept as the lock keeps it',
    '  a: { url: http://h/v1#x?token=FragTok7788Q, y: 1 }',
    '  a: { url: http://h/v1#x?token=FragTok7788Q, y: 1 }',
  ],
])('masks the key after the `,` ending an unquoted url with %s', (_, line, shown) => {
  expect(maskUrlPasswords(line)).toBe(shown);
});

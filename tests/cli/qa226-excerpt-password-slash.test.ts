/**
 * QA226 (the case next to 5517d10): a password holding an unescaped `/`, `?` or `#` (a base64 token
 * holds `/`), `url: "http://user:ab/cd@127.0.0.1:7000/v1"`, was shown as written in validate's excerpt:
 * the scan for `user:…@` stopped at the `/`. After a `user:` whose word is no port it reads on to the
 * `@`; a port, or an IPv6 host, followed by a path holding `@` is kept as written.
 */
import { expect, it } from 'vitest';
import { maskUrlPasswords } from '../../src/cli/render-diagnostics.js';

it.each([
  [
    '    url: "http://user:ab/cd8812@127.0.0.1:7000/v1"',
    '    url: "http://user:*********@127.0.0.1:7000/v1"',
  ],
  ['    url: "http://user:s3c#r8812@h/v1"', '    url: "http://user:*********@h/v1"'],
  ['    url: http://user:s3c?r8812@h/v1', '    url: http://user:*********@h/v1'],
  [
    '  d: { source: "https://u:pa/ss8812@h:99999/d.jsonl" }',
    '  d: { source: "https://u:*********@h:99999/d.jsonl" }',
  ],
  ['    url: "http://127.0.0.1:7000/u/a@b"', undefined],
  ['    url: "http://[::1]:7000/u/a@b"', undefined],
  ['  a: { url: http://h:x/v1, b: c@d }', undefined],
])('%s', (line, shown) => {
  expect(maskUrlPasswords(line)).toBe(shown ?? line);
});

/**
 * QA231 (the case next to QA226's bd1c6a5 and e591ece): a password holding an unescaped `@` as well,
 * `http://user:c@d8812@127.0.0.1:9/v1` (URL parsers read the password `c@d8812`, the host after the
 * last `@`), was masked to its first `@` only: the excerpt showed `user:*@d8812@…` and, where a `/` in
 * it made the url unreadable, EVALC_URL_INVALID said `user:***@d8812@…`. Both mask to the host's `@`.
 */
import { expect, it } from 'vitest';
import { maskUrlPasswords } from '../../src/cli/render-diagnostics.js';
import { urlAsSaid } from '../../src/compiler/url-check.js';

it.each([
  ['    url: "http://user:c@d8812@127.0.0.1:9/v1"', '    url: "http://user:*******@127.0.0.1:9/v1"'],
  ['    url: "http://user:ab/c@d8812@127.0.0.1/v1"', '    url: "http://user:**********@127.0.0.1/v1"'],
  ['    url: https://t@k8812@h/v1', '    url: https://*******@h/v1'],
  ['  a: { url: "http://u:p@h/x", b: c@d }', '  a: { url: "http://u:*@h/x", b: c@d }'],
  ['  a: { url: http://u:p@h, b: c@d }', '  a: { url: http://u:*@h, b: c@d }'],
  ['    url: "http://127.0.0.1:7000/u/a@b@c"', undefined],
])('excerpt: %s', (line, shown) => {
  expect(maskUrlPasswords(line)).toBe(shown ?? line);
});

it.each([
  ['http://user:ab/c@d8812@127.0.0.1/v1', 'http://user:***@127.0.0.1/v1'],
  ['http://user:ab/c@d8812@127.0.0.1:99999/v1?x=1', 'http://user:***@127.0.0.1:99999/v1?x=1'],
  ['http://user:c@d8812@127.0.0.1:99999/v1', 'http://user:***@127.0.0.1:99999/v1'],
  ['http://127.0.0.1:99999/u/a@b@c', undefined],
])('message: %s', (url, said) => {
  expect(urlAsSaid(url)).toBe(said ?? url);
});

/**
 * A url's path (an `&name=` before the `?`) and its fragment are no query: evalc.lock, the reports and messages keep `#x?token=…` and
 * `?q=1#x;code=…` as written (url-secrets.ts reads the query up to its `#`), and so does validate's
 * excerpt (QA211: it starred them, the excerpt alone). A query credential before a `#` is masked as before.
 */
import { expect, it } from 'vitest';
import { maskUrlPasswords } from '../../src/cli/render-diagnostics.js';
import { maskUrlQueryCredentials } from '../../src/plan/url-secrets.js';

it.each([
  ['a `?` inside the fragment', '    url: "http://h/r#x?token=FragTok7788Q"', undefined],
  ['an `&` inside the fragment', '    url: "http://h/r#x&code=FragTok7788Q"', undefined],
  ['a `;` piece in the fragment after a query', '    url: "http://h/r?q=1#x;code=FragTok7788Q"', undefined],
  ['a `&` piece in the fragment after a query', '    url: http://h/r?q=1#a&token=FragTok7788Q', undefined],
  ['an `&` piece in the path, then a query', '    url: "http://h/r&code=QCode5544xY?x=1"', undefined],
  ['an `&` piece in the path alone', '    url: http://h/r/&token=QCode5544xY', undefined],
  [
    'an `&` piece in the query after a path one',
    '    url: "http://h/r&code=QCode5544xY?x=1&token=AbCdEf123456"',
    '    url: "http://h/r&code=QCode5544xY?x=1&token=************"',
  ],
  [
    'an `&` piece after a quote inside the query',
    `    url: "http://h/a?x=it's&key=AbCdEf123456"`,
    `    url: "http://h/a?x=it's&key=************"`,
  ],
  [
    'a query credential, then a fragment',
    '    url: "http://h/r?code=QCode5544x#token=FragTok7788Q"',
    '    url: "http://h/r?code=**********#token=FragTok7788Q"',
  ],
])('%s reads as evalc.lock records it', (_, line, shown) => {
  expect(maskUrlPasswords(line)).toBe(shown ?? line);
  const url = /"?(http[^"]*)"?$/.exec(line)![1]!;
  // the excerpt's url reads as the lock's endpoint, its `***` one `*` per character
  expect(maskUrlPasswords(line).includes(url)).toBe(maskUrlQueryCredentials(url) === url);
});

it.each([
  [
    'a fragment',
    '  a: { url: http://h/a#x,api_key=Secret12345, y: 1 }',
    '  a: { url: http://h/a#x,api_key=***********, y: 1 }',
  ],
  [
    'a path',
    '  a: { url: http://h/a,x&api_key=Secret12345, y: 1 }',
    '  a: { url: http://h/a,x&api_key=***********, y: 1 }',
  ],
])(
  'masks a key read after the `,` ending an unquoted url in braces after %s, as its message does',
  (_, line, shown) => {
    expect(maskUrlPasswords(line)).toBe(shown);
  },
);

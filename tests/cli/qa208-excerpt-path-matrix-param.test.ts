/**
 * A `;name=value` in a url's path (a matrix parameter, `/respond;sig=…`) is path: evalc.lock, the
 * reports and messages keep it as written (url-secrets.ts reads the query only), and so does
 * validate's excerpt (QA208: the excerpt alone starred it, with the `?x=1` after it). A `;` piece of
 * the query is masked as before (QA197).
 */
import { expect, it } from 'vitest';
import { maskUrlPasswords } from '../../src/cli/render-diagnostics.js';

it.each([
  [
    'a path parameter, then the query',
    '  a3: { protocol: chat, url: "http://h/respond;sig=PathSig8844?x=1;code=QCode5544x", bogus: 1 }',
    '  a3: { protocol: chat, url: "http://h/respond;sig=PathSig8844?x=1;code=**********", bogus: 1 }',
  ],
  [
    'a path parameter right before a query credential',
    '    url: "http://h/respond;sig=PathSig8844?code=QCode5544x"',
    '    url: "http://h/respond;sig=PathSig8844?code=**********"',
  ],
  [
    'a path parameter alone',
    '    url: http://h/a;token=PathTok1234/b',
    '    url: http://h/a;token=PathTok1234/b',
  ],
  [
    'a query `;` piece',
    '    url: http://h/a?q=x;api_key=sk-live-Abc123',
    '    url: http://h/a?q=x;api_key=**************',
  ],
  [
    'a query `;` piece in braces',
    '  a4: { protocol: chat, url: http://h/a?q=x;z,api_key=sk-Flow3321z, bogus: 2 }',
    '  a4: { protocol: chat, url: http://h/a?q=x;z,api_key=************, bogus: 2 }',
  ],
])('%s', (_, line, shown) => {
  expect(maskUrlPasswords(line)).toBe(shown);
});

/**
 * QA197: a credential after a `;` in a url's query (`?q=x;api_key=…`, the separator some servers
 * split a query at) was not taken for one: no EVALC_URL_CREDENTIALS warning, and evalc.lock's
 * endpoint, report.json and report.html kept it as written, as did validate's excerpt. It is masked
 * as one after `&` is; the `;` stays.
 */
import { describe, expect, it } from 'vitest';
import { maskUrlPasswords } from '../../src/cli/render-diagnostics.js';
import {
  maskQueryText,
  maskUrlQueryCredentials,
  urlQueryCredentialNames,
  urlQuerySecrets,
} from '../../src/plan/url-secrets.js';

const KEY = 'sk-live-SECRET123456';

describe('a query credential after a `;` (QA197)', () => {
  it('is masked where evalc records the url, the `;` kept', () => {
    expect(maskUrlQueryCredentials(`http://h/a?q=x;api_key=${KEY}&b=c`)).toBe(
      'http://h/a?q=x;api_key=***&b=c',
    );
    expect(urlQuerySecrets(`http://h/a?q=x;api_key=${KEY}`)).toContain(KEY);
    expect(urlQueryCredentialNames(`http://h/a?q=x;api_key=${KEY}`)).toEqual(['api_key']);
  });

  it("is masked in validate's excerpt", () => {
    const line = `  h: { protocol: http, url: http://h/a?q=x;api_key=${KEY} }`;
    expect(maskUrlPasswords(line)).toBe(
      `  h: { protocol: http, url: http://h/a?q=x;api_key=${'*'.repeat(KEY.length)} }`,
    );
  });

  it("is masked in the key a `,` left of the url's query, `y;api_key=…`", () => {
    expect(maskQueryText(`y;api_key=${KEY}&b=c`)).toBe('y;api_key=***&b=c');
  });

  it('leaves a url without one as written', () => {
    expect(maskUrlQueryCredentials('http://h/a?q=x;y=z&key=search')).toBe('http://h/a?q=x;y=z&key=search');
  });
});

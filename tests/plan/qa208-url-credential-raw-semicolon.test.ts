/**
 * QA208: a query credential whose value holds a raw `;` that no `name=` follows (`?token=AbCd;EfGh1234`,
 * read whole by a server splitting at `&` only) was cut there since QA197's `;` separator: evalc.lock
 * recorded `?token=***;EfGh1234`, validate's excerpt showed `;EfGh1234`, and a reply echoing the token
 * kept that tail. A `;` that a `name=` follows still separates (`?q=x;api_key=…`).
 */
import { expect, it } from 'vitest';
import { maskUrlPasswords } from '../../src/cli/render-diagnostics.js';
import {
  maskQueryText,
  maskUrlQueryCredentials,
  urlQueryCredentialNames,
  urlQuerySecrets,
} from '../../src/plan/url-secrets.js';

it('masks a credential value holding a raw `;` whole, wherever evalc writes the url', () => {
  expect(maskUrlQueryCredentials('http://h/a?token=AbCd;EfGh1234&b=1')).toBe('http://h/a?token=***&b=1');
  expect(maskUrlQueryCredentials('http://h/a?q=x;api_key=AbCd;EfGh1234')).toBe('http://h/a?q=x;api_key=***');
  expect(maskQueryText('y&token=AbCd;EfGh1234')).toBe('y&token=***');
  expect(urlQueryCredentialNames('http://h/a?token=AbCd;EfGh1234')).toEqual(['token']);
  // whole, and each part a server splitting at `;` reads, but a plain word
  const secrets = urlQuerySecrets('http://h/a?token=AbCd;EfGh1234;lang');
  expect(secrets).toEqual(expect.arrayContaining(['AbCd;EfGh1234;lang', 'AbCd', 'EfGh1234']));
  expect(secrets).not.toContain('lang');
  expect(maskUrlPasswords('    url: http://h/a?token=AbCd;EfGh1234&b=1')).toBe(
    '    url: http://h/a?token=*************&b=1',
  );
  expect(maskUrlPasswords('  a: { url: http://h/a?token=AbCd;EfGh1234, x: 1 }')).toBe(
    '  a: { url: http://h/a?token=*************, x: 1 }',
  );
});

it('still separates at a `;` that a `name=` follows', () => {
  expect(maskUrlQueryCredentials('http://h/a?token=AbCd1234;lang=en')).toBe('http://h/a?token=***;lang=en');
  expect(maskUrlPasswords('    url: http://h/a?token=AbCd1234;lang=en')).toBe(
    '    url: http://h/a?token=********;lang=en',
  );
});

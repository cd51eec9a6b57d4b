/**
 * QA160: validate's excerpt of a plan line masks a credential written in a url's query
 * (`?code=abc123`), one `*` per character so the caret stays in place — and keeps a `${env.X}` or
 * `$NAME` there, as in a header value: `url: "http://h/a?key=${env.NOPE}"` is what
 * EVALC_SECRET_PLACEMENT points at, and read `?key=***********` (f9abe2d).
 */
import { describe, expect, it } from 'vitest';
import { maskUrlPasswords } from '../../src/cli/render-diagnostics.js';

describe('the excerpt of a url with a query credential', () => {
  it('masks a written value and keeps a ${env.X} or $NAME reference', () => {
    expect(maskUrlPasswords('    url: "http://h/a?code=abc123&api-version=2"')).toBe(
      '    url: "http://h/a?code=******&api-version=2"',
    );
    expect(maskUrlPasswords('    url: "http://h/a?key=${env.NOPE}&x=1"')).toBe(
      '    url: "http://h/a?key=${env.NOPE}&x=1"',
    );
    expect(maskUrlPasswords('    url: http://h/a?token=$TOKEN')).toBe('    url: http://h/a?token=$TOKEN');
  });

  // QA178: a plain word (`?key=search`, 9bfaffd) or a value too short to mask (`?code=US`, QA165) is
  // plan content, kept as written everywhere else: the excerpt read `?key=******`.
  it('keeps a value evalc does not mask elsewhere: a plain word, a value under 4 characters', () => {
    expect(maskUrlPasswords('  url: "http://h/a?key=search&code=US&sig=prod-eu"')).toBe(
      '  url: "http://h/a?key=search&code=US&sig=prod-eu"',
    );
    expect(maskUrlPasswords('  url: "http://h/a?key=search1&token=Search"')).toBe(
      '  url: "http://h/a?key=*******&token=******"',
    );
  });
});

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

// QA181: an unquoted url in a flow mapping (`a2: { protocol: raip, url: http://h/a?key=search, … }`,
// DESIGN's own style) ends at `,` or `}`: `?key=search,` read `?key=*******`, where evalc.lock and
// the reports keep `search` as written; a token there is still starred, the `,` kept.
describe('the excerpt of an unquoted url in a flow mapping', () => {
  it('reads its query value up to the `,` or `}` that ends it', () => {
    expect(maskUrlPasswords('  a2: { protocol: raip, url: http://h/a?key=search, limts: 1 }')).toBe(
      '  a2: { protocol: raip, url: http://h/a?key=search, limts: 1 }',
    );
    expect(maskUrlPasswords('  a3: { limts: 1, url: http://h/a?code=US&key=search}')).toBe(
      '  a3: { limts: 1, url: http://h/a?code=US&key=search}',
    );
    expect(maskUrlPasswords('  a2: { url: http://h/a?key=Abc123xyz, limts: 1 }')).toBe(
      '  a2: { url: http://h/a?key=*********, limts: 1 }',
    );
    expect(maskUrlPasswords('  - [ a, http://h/a?sig=Abc123xyz]')).toBe('  - [ a, http://h/a?sig=*********]');
  });

  it('reads a quoted or block url whole: a `,` is part of its value there', () => {
    expect(maskUrlPasswords('  a2: { url: "http://h/a?key=Abc,Def123", limts: 1 }')).toBe(
      '  a2: { url: "http://h/a?key=**********", limts: 1 }',
    );
    expect(maskUrlPasswords("  a2: { url: 'http://h/a?x=it''s&key=Abc,Def1', limts: 1 }")).toBe(
      "  a2: { url: 'http://h/a?x=it''s&key=********', limts: 1 }",
    );
    expect(maskUrlPasswords('    url: http://h/a?key=search,')).toBe('    url: http://h/a?key=*******');
  });
});

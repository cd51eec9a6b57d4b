/**
 * QA194: an unquoted url in a flow mapping whose query has a `,` right before a credential
 * (`{ url: http://h/a?q=x,api_key=… }`, or `, api_key=…` after a space) has the rest read as a key:
 * validate's message masked that key (6996fba), but the excerpt printed the credential as written,
 * as it looked for one after `?` or `&` only. It is masked there too.
 */
import { expect, it } from 'vitest';
import { maskUrlPasswords } from '../../src/cli/render-diagnostics.js';

it("masks a credential after a ',' that ends an unquoted url in a flow mapping", () => {
  expect(maskUrlPasswords('  a1: { protocol: mae, url: http://h/a?q=x,api_key=sk-live-Abc123 }')).toBe(
    '  a1: { protocol: mae, url: http://h/a?q=x,api_key=************** }',
  );
  expect(maskUrlPasswords('  a1: { url: http://h/a?q=x, api_key=sk-live-Abc123, b: 1 }')).toBe(
    '  a1: { url: http://h/a?q=x, api_key=**************, b: 1 }',
  );
  // A plain word stays as written, and so does a `,` outside a flow collection (a block url's value).
  expect(maskUrlPasswords('  a1: { url: http://h/a?q=x,key=search }')).toBe(
    '  a1: { url: http://h/a?q=x,key=search }',
  );
  expect(maskUrlPasswords('  url: http://h/a?q=x, api_key=sk-live-Abc123')).toBe(
    '  url: http://h/a?q=x, api_key=sk-live-Abc123',
  );
});

it("masks a credential after a ',' that follows a piece with no '=' (QA198)", () => {
  // afcec00 ended a query value at ';': `?q=x;z,api_key=…` read `q=x`, then `;z,` was no piece,
  // and the excerpt printed the credential as written (as `&z,` and `?z,` did before it).
  for (const query of ['q=x;z,', 'q=x&z,', 'z,', 'q=x;z, '])
    expect(maskUrlPasswords(`  a1: { protocol: raip, url: http://h/a?${query}api_key=sk-live-Abc123 }`)).toBe(
      `  a1: { protocol: raip, url: http://h/a?${query}api_key=************** }`,
    );
});

/**
 * QA285: validate's excerpt keeps a url query credential written as a reference, `?key=${env.X}`,
 * `?token=$TOKEN` (QA160), and e1bd9063 starred a header's reference whose name reads as a key pasted
 * in its place; a query's was still kept: `url: http://h/v1?key=$AKIAIOSFODNN7EXAMPLE` printed the key
 * under EVALC_URL_CREDENTIALS. It is starred now, a name kept as before.
 */
import { expect, it } from 'vitest';
import { maskUrlPasswords } from '../../src/cli/render-diagnostics.js';

it.each([
  [
    'a $NAME',
    '    url: http://h/v1?key=$AKIAIOSFODNN7EXAMPLE&x=1',
    '    url: http://h/v1?key=*********************&x=1',
  ],
  [
    'a ${env.NAME}',
    '    url: "http://h/v1?token=${env.ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123}"',
    `    url: "http://h/v1?token=${'*'.repeat(41)}"`,
  ],
])('stars %s query credential whose name reads as a key', (_, line, shown) => {
  expect(maskUrlPasswords(line)).toBe(shown);
});

it('keeps a query credential reference that names a variable', () => {
  for (const line of [
    '    url: http://h/a?token=$A1_TOKEN',
    '    url: "http://h/a?key=${env.AGENT_KEY}&x=1"',
  ])
    expect(maskUrlPasswords(line)).toBe(line);
});

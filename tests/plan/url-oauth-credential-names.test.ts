/**
 * An agent's url with OAuth's `?refresh_token=…` or `?id_token=…`, a `?session_token=…`, or a gateway's
 * `?x-api-key=…` (the header's name taken as a query parameter) was recorded as written: evalc.lock's
 * endpoint, the reports and the preflight's 'is the agent running at <url>?' printed the token, and a
 * new token re-invoked everything. They are credential names, as `access_token` is.
 */
import { expect, it } from 'vitest';
import { maskUrlPasswords } from '../../src/cli/render-diagnostics.js';
import { maskUrlQueryCredentials, urlQuerySecrets } from '../../src/plan/url-secrets.js';

const KEY = 'eyJhbGciOiJSUzI1NiJ9.Zx81';

it.each([
  'refresh_token',
  'refresh-token',
  'id_token',
  'session_token',
  'SessionToken',
  'x-api-key',
  'X-API-Key',
])(
  '?%s= is a credential: masked where the url is recorded, a secret of the run, starred in an excerpt',
  (name) => {
    expect(maskUrlQueryCredentials(`http://h/v1?${name}=${KEY}&q=1`)).toBe(`http://h/v1?${name}=***&q=1`);
    expect(urlQuerySecrets(`http://h/v1?${name}=${KEY}`)).toContain(KEY);
    expect(maskUrlPasswords(`    url: http://h/v1?${name}=${KEY}`)).toBe(
      `    url: http://h/v1?${name}=${'*'.repeat(KEY.length)}`,
    );
  },
);

it('keeps parameters that only look alike as written', () => {
  for (const name of ['session', 'id', 'refresh', 'x-api-version', 'token_type'])
    expect(maskUrlQueryCredentials(`http://h/v1?${name}=${KEY}`)).toBe(`http://h/v1?${name}=${KEY}`);
});

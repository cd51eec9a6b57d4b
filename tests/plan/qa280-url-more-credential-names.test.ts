/**
 * QA280: an agent's url with Azure API Management's `?subscription-key=…` (its query form of
 * `Ocp-Apim-Subscription-Key`) or GitLab's `?private_token=…` was recorded as written: evalc.lock's
 * endpoint, the reports, and the preflight's 'is the agent running at <url>?' (11307299) printed the
 * key. They are credential names, as `api_key` is; so are `api_token` and `auth_token`.
 */
import { expect, it } from 'vitest';
import { maskUrlPasswords } from '../../src/cli/render-diagnostics.js';
import { maskUrlQueryCredentials, urlQuerySecrets } from '../../src/plan/url-secrets.js';

const KEY = 'a1B2c3D4e5F6g7H8i9J0';

it.each(['subscription-key', 'Subscription-Key', 'private_token', 'api_token', 'apitoken', 'auth_token'])(
  '?%s= is a credential: masked where the url is recorded, a secret of the run, starred in an excerpt',
  (name) => {
    expect(maskUrlQueryCredentials(`http://h/v1?${name}=${KEY}&q=1`)).toBe(`http://h/v1?${name}=***&q=1`);
    expect(urlQuerySecrets(`http://h/v1?${name}=${KEY}`)).toContain(KEY);
    expect(maskUrlPasswords(`    url: http://h/v1?${name}=${KEY}`)).toBe(
      `    url: http://h/v1?${name}=${'*'.repeat(KEY.length)}`,
    );
  },
);

it('keeps a parameter of another name as written', () => {
  expect(maskUrlQueryCredentials(`http://h/v1?subscription=${KEY}`)).toBe(`http://h/v1?subscription=${KEY}`);
});

/**
 * QA322: a key pasted as the name of a `{{env.…}}` placeholder in a header or serve.env value,
 * `{{env.ghp_AbCd…}}`, was quoted whole by EVALC_SECRET_SYNTAX (validate, plan, --json), and its hint
 * named it twice (`write ${env.ghp_…} to read ghp_… from the environment`): the message quoted any
 * `{{env.NAME}}` as written. It is said `{{env…}}`, its hint `write ${env.NAME} for a secret`; a
 * name, `{{env.TOKEN}}`, is quoted as before.
 */
import { expect, it } from 'vitest';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

const KEY = 'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const nowhere = () => undefined;
const told = (raw: unknown) => checkSecretPlacement(raw, nowhere).map((d) => `${d.message} | ${d.hint}`);

it('a key as a {{env.…}} placeholder name is said {{env…}}, a name as written', () => {
  const out = told({
    agents: {
      a1: { headers: { authorization: `Bearer {{env.${KEY}}}` } },
      a2: { serve: { env: { K: `{{ env.${KEY} }}` } } },
      a3: { headers: { authorization: 'Bearer {{env.TOKEN}}' } },
    },
  });
  expect(out).toEqual([
    '`{{env…}}`: headers and serve.env values are not templated, so it is sent as these characters | write ${env.NAME} for a secret',
    '`{{env…}}`: headers and serve.env values are not templated, so it is sent as these characters | write ${env.NAME} for a secret',
    '`{{env.TOKEN}}`: headers and serve.env values are not templated, so it is sent as these characters | write ${env.TOKEN} to read TOKEN from the environment',
  ]);
  expect(out.join('\n')).not.toContain('MnOpQr');
});

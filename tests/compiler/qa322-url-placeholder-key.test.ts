/**
 * QA322: a key pasted as a placeholder in an agent's url, `?k={{env.ghp_AbCd…}}`, was quoted whole by
 * EVALC_URL_INVALID's 'holds a {{template}}' (validate, --json) above an excerpt that starred it. It is
 * said `{{env…}}` (`{{…}}` without `env.`); a placeholder holding a name, `{{id}}`, is quoted as written.
 */
import { expect, it } from 'vitest';
import { PASTED_KEY, validatePastedKey } from '../fixtures/pasted-key-plan.js';

const KEY = PASTED_KEY;

async function validate(url: string, json: boolean) {
  const result = await validatePastedKey('evalc-qa322-url-', { url }, json);
  return result.stdout + result.stderr;
}

it.each([false, true])('says a key in a url placeholder {{env…}} (--json %s)', async (json) => {
  const out = await validate(`http://127.0.0.1:9/v1?k={{env.${KEY}}}&id={{ ${KEY} }}`, json);
  expect(out).toContain('holds a {{template}}');
  expect(out).toContain(json ? '?k={{env…}}&id={{…}}\\"' : '?k={{env…}}&id={{…}}"');
  expect(out).not.toContain('MnOpQr');
});

it('quotes a placeholder holding a name as written', async () => {
  expect(await validate('http://127.0.0.1:9/items/{{id}}/{{user_id}}', false)).toContain(
    'url "http://127.0.0.1:9/items/{{id}}/{{user_id}}" holds a {{template}}',
  );
});

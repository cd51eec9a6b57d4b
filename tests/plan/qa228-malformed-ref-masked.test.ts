/**
 * Regression (QA228): the case next to QA224's `${env.TOKEN:-sk-dev-…}`. A malformed reference in
 * a header or serve.env value that is not `${env.NAME` and a shell operator — the shell's own
 * `${TOKEN:-sk-dev-…}` (no `env.`), `${env:TOKEN:-…}`, `${env.TOKEN:sk-…}` — was quoted whole in
 * the message (terminal and --json), the literal secret after the name with it, while the excerpt
 * under it masked the value. Outside a header the reference is still quoted as written.
 */
import { expect, it } from 'vitest';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

const nowhere = () => undefined;
const told = (raw: unknown) => checkSecretPlacement(raw, nowhere).map((d) => `${d.message} | ${d.hint}`);

it('a malformed reference in a header is quoted up to its name, never past it', () => {
  const out = told({
    agents: {
      a1: { headers: { authorization: 'Bearer ${TOKEN:-sk-dev-9f8e7d6c}' } },
      a2: { headers: { authorization: 'Bearer ${env:TOKEN:-sk-dev-9f8e7d6c}' } },
      a3: { serve: { env: { KEY: '${env.KEY:sk-dev-9f8e7d6c}' } } },
      a4: { headers: { 'x-key': '${ env.KEY }' } },
      a5: { headers: { authorization: 'Bearer ${{env.TOKEN}}' } },
    },
  });
  expect(out).toEqual([
    'malformed reference ${TOKEN:-…}: ${env.NAME} takes no default or other shell form | write ${env.TOKEN} and set TOKEN where apply runs (an unset one stops apply before any call, naming it)',
    'malformed reference ${env…} | write ${env.NAME}',
    'malformed reference ${env.KEY…} | write ${env.NAME}: a name of ASCII letters, digits and _, not starting with a digit',
    'malformed reference ${…} | write ${env.NAME}',
    'malformed reference ${{env.TOKEN} | write ${env.NAME}',
  ]);
  expect(out.join('\n')).not.toMatch(/sk-dev/);
});

it('outside a header or serve.env the reference is quoted as written', () => {
  expect(told({ agents: { a1: { url: 'http://127.0.0.1:${env:PORT}' } } })).toEqual([
    // QA300: not 'write ${env.NAME}', which a url refuses too (EVALC_SECRET_PLACEMENT).
    'malformed reference ${env:PORT} | ${env.NAME} is read only in headers and serve.env: write the value itself here',
  ]);
});

it('a {{…}} placeholder in a header is quoted when it holds a name, else said as {{…}} (QA232)', () => {
  // `{{sk-dev-…}}`, a secret typed in braces, was quoted whole in the warning while the excerpt masked it.
  const out = told({
    agents: {
      a1: { headers: { authorization: 'Bearer {{sk-dev-9f8e7d6c}}' } },
      a2: { headers: { authorization: 'Bearer {{ env.TOKEN }}' } },
    },
  });
  expect(out).toEqual([
    '`{{…}}`: headers and serve.env values are not templated, so it is sent as these characters | write ${env.NAME} for a secret',
    '`{{ env.TOKEN }}`: headers and serve.env values are not templated, so it is sent as these characters | write ${env.TOKEN} to read TOKEN from the environment',
  ]);
  expect(out.join('\n')).not.toMatch(/sk-dev/);
});

it('a literal typed in braces, ${sk-dev-…}, is not read as a variable named sk (QA232)', () => {
  // It was told 'write ${env.sk} and set sk where apply runs', quoting '${sk-…}'.
  expect(told({ agents: { a1: { headers: { authorization: 'Bearer ${sk-dev-9f8e7d6c}' } } } })).toEqual([
    'malformed reference ${…} | write ${env.NAME}',
  ]);
  expect(
    told({ agents: { a1: { headers: { authorization: 'Bearer ${token:-sk-dev-9f8e7d6c}' } } } }),
  ).toEqual([
    'malformed reference ${token:-…}: ${env.NAME} takes no default or other shell form | write ${env.token} and set token where apply runs (an unset one stops apply before any call, naming it)',
  ]);
});

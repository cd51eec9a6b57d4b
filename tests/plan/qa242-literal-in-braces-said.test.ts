/**
 * Regression (QA242): the case next to d731b6b. A literal typed in braces in a header or serve.env
 * value whose characters are a name's, Stripe's `${sk_live_…}`, was quoted whole in the message
 * (terminal and --json) while the excerpt under it masked it; and one with a `-` after a longer head,
 * `${skLiveQA242-…}`, was quoted up to the `-`. A `${…}` not starting `env` with a lower-case letter
 * in its name is said `${…}` there; `${A1_TOKEN}`, the shell's spelling of a variable, is said.
 */
import { expect, it } from 'vitest';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

const nowhere = () => undefined;
const told = (raw: unknown) => checkSecretPlacement(raw, nowhere).map((d) => `${d.message} | ${d.hint}`);

it('a literal in braces in a header or serve.env value is said ${…}, a variable name as written', () => {
  const out = told({
    agents: {
      a1: { headers: { authorization: 'Bearer ${sk_live_4eC39HqLyjWDarjtQA242}' } },
      a2: { headers: { authorization: 'Bearer ${skLiveQA242-abc}' } },
      a3: { serve: { env: { KEY: '${sk.live.4eC39HqLyjWDarjtQA242}' } } },
      a4: { headers: { authorization: 'Bearer ${A1_TOKEN}' } },
    },
  });
  expect(out).toEqual([
    'malformed reference ${…} | write ${env.NAME}',
    'malformed reference ${…} | write ${env.NAME}',
    'malformed reference ${…} | write ${env.NAME}',
    'malformed reference ${A1_TOKEN} | write ${env.A1_TOKEN}',
  ]);
  expect(out.join('\n')).not.toMatch(/QA242/);
});

it('outside a header or serve.env it is quoted as written', () => {
  expect(told({ agents: { a1: { url: 'http://h/${sk_live_x}' } } })).toEqual([
    // QA300: not 'write ${env.NAME}', which a url refuses too (EVALC_SECRET_PLACEMENT).
    'malformed reference ${sk_live_x} | ${env.NAME} is read only in headers and serve.env: write the value itself here',
  ]);
});

it('a {{…}} placeholder of name characters in mixed case, {{sk_live_…}}, is said {{…}}; a name is quoted', () => {
  // 43b98b9 said `{{sk-…}}` so, but quoted `{{sk_live_4eC39HqLyjWDarjtQA242}}` whole, while the excerpt masked it.
  const out = told({
    agents: {
      a1: { headers: { authorization: 'Bearer {{sk_live_4eC39HqLyjWDarjtQA242}}' } },
      a2: { serve: { env: { KEY: '{{ sk.live.4eC39HqLyjWDarjtQA242 }}' } } },
      a3: { headers: { authorization: 'Bearer {{env.TOKEN}}' } },
      a4: { headers: { 'x-q': '{{user_query}}' } },
      a5: { headers: { authorization: 'Bearer {{TOKEN}}' } },
    },
  }).map((line) => line.split(':')[0]);
  expect(out).toEqual(['`{{…}}`', '`{{…}}`', '`{{env.TOKEN}}`', '`{{user_query}}`', '`{{TOKEN}}`']);
});

/**
 * QA269: a key typed inside a header's `${…}` is never quoted by validate (QA228, QA242, QA264). Over
 * 30 real-looking keys (OpenAI, Anthropic, GitHub, AWS, JWTs, Stripe, Slack, Google…) two forms still
 * printed it: a shell default after it, `${sk_live_4eC3…:-x}` (the message, and the hint twice:
 * `write ${env.sk_live_4eC3…} and set sk_live_4eC3…`), and a key of name characters and dots after
 * `env.`, `${env.eyJhbGci….eyJzdWIi….dozj…}` (a JWT), `${env.ya29.a0Af…}`, quoted whole.
 */
import { expect, it } from 'vitest';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

const KEYS = [
  'sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz012345-xyz',
  'ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  'AKIAIOSFODNN7EXAMPLE',
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
  'xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx',
  'glpat-AbCdEfGhIjKlMnOp1234',
  'AIzaSyA1234567890abcdefghijklmnopqrstuv',
  'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
  'npm_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  'hf_AbCdEfGhIjKlMnOpQrStUvWxYz01234567',
  'SG.abcdefghijklmnop.qrstuvwxyz0123456789ABCDEFGHIJ',
  'ya29.a0AfH6SMBx1234567890abcdef',
  'rk_live_51HabcDEF1234567890',
  'pk_test_TYooMQauvdEDq54NiTphI7jx',
  'sq0atp-AbCdEfGhIjKlMnOpQrStUv',
  'AC1234567890abcdef1234567890abcdef',
  'dapi1234567890abcdef1234567890abcdef',
  'shpat_1234567890abcdef1234567890abcdef',
  'ghs_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  'gho_16C7e42F292c6912E7710c838347Ae178B4a',
  'ASIAY34FZKBOKMUTVV7A',
  'AKIA1234567890ABCDEF',
  'xai-AbCdEfGhIjKlMnOpQrStUvWxYz0123',
  'pplx-1234567890abcdef1234567890abcdef',
  'sk-1234567890abcdef1234567890abcdef',
  'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  'Abc123Def456Ghi789',
  'whsec_AbCdEfGhIjKlMnOpQrStUvWxYz012345',
];

const said = (value: string) =>
  checkSecretPlacement({ agents: { a1: { headers: { authorization: value } } } }, () => undefined)
    .map((d) => `${d.message} | ${d.hint ?? ''}`)
    .join('\n');

it('says no part of a key typed in braces, in any form', () => {
  for (const key of KEYS) {
    // (`${env.ghp_…}` is a reference to a variable of that name: said only if apply finds it unset.)
    // Every piece of 8 or more characters between -, _ and . is the key's.
    const pieces = key.split(/[-_.]/).filter((p) => p.length >= 8);
    for (const form of [
      `\${${key}}`,
      `\${env.${key}}`,
      `\${Env.${key}}`,
      `\${env:${key}}`,
      `\${${key}:-x}`,
      `\${env.${key}:-x}`,
      `\${${key}:=x}`,
    ]) {
      const text = said(`Bearer ${form}`);
      for (const piece of pieces) expect(text, form).not.toContain(piece);
    }
  }
});

it('still says a name as written, with the reference to write', () => {
  expect(said('Bearer ${OPENAI_API_KEY:-x}')).toContain(
    'malformed reference ${OPENAI_API_KEY:-…}: ${env.NAME} takes no default or other shell form | write ${env.OPENAI_API_KEY} and set OPENAI_API_KEY',
  );
  expect(said('Bearer ${env.A1_TOKEN:x}')).toContain('malformed reference ${env.A1_TOKEN…}');
  expect(said('Bearer ${OPENAI_API_KEY}')).toContain('| write ${env.OPENAI_API_KEY}');
});

// QA280: four neighbouring forms still quoted a key of name characters whole, in the message and the
// hint: a reference left open, `${env.ghp_…`; a `}` after it, `${env.ghp_…}}`; a `$` before it,
// `$${env.ghp_…}`; a shell-style `$AKIAIOSFODNN7EXAMPLE`.
it('says no part of a key pasted as the name of an open, doubled or shell-style reference', () => {
  for (const key of KEYS) {
    const pieces = key.split(/[-_.]/).filter((p) => p.length >= 8);
    for (const form of [`\${env.${key}`, `\${env.${key}}}`, `$\${env.${key}}`, `$${key}`]) {
      const text = said(`Bearer ${form}`);
      for (const piece of pieces) expect(text, form).not.toContain(piece);
    }
  }
  expect(said('Bearer ${env.ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789')).toBe(
    'unterminated reference ${env… (no closing `}`) | write ${env.NAME}',
  );
  expect(said('Bearer ${env.ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789}}')).toContain(
    'the `}` after ${env…} is sent as these characters | write ${env.NAME}',
  );
  expect(said('Bearer $AKIAIOSFODNN7EXAMPLE')).toBe(
    '$… is sent as these characters: evalc does not expand shell variables | write ${env.NAME} to read it from the environment',
  );
});

it('still says a name in those forms as written', () => {
  expect(said('Bearer ${env.A1_TOKEN')).toBe(
    'unterminated reference ${env.A1_TOKEN (no closing `}`) | write ${env.A1_TOKEN}',
  );
  expect(said('Bearer ${env.A1_TOKEN}}')).toContain(
    'the `}` after ${env.A1_TOKEN} is sent as these characters | write ${env.A1_TOKEN}',
  );
  expect(said('Bearer $${env.A1_TOKEN}')).toContain(
    'the `$` before ${env.A1_TOKEN} is sent as these characters | write ${env.A1_TOKEN}',
  );
  expect(said('Bearer $A1_TOKEN')).toContain('$A1_TOKEN is sent as these characters');
});

/**
 * Regression (QA251): 219b5e2 said every `${…}` in a header or serve.env value holding a lower-case
 * letter `${…}`, and c91f31f every `{{…}}` in mixed case `{{…}}`, while the excerpt under the message
 * masks the whole value: a user's misspelt name, `${A1_token}`, `${apiKey}`, `{{userQuery}}`, could be
 * seen nowhere. A name is quoted whatever its case; what reads as a key (a character no name holds, or
 * a part of a key's length) is said `${…}` / `{{…}}`, an upper-case one, AWS's AKIA…, included.
 */
import { expect, it } from 'vitest';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

const nowhere = () => undefined;
const told = (value: string) =>
  checkSecretPlacement({ agents: { a1: { headers: { authorization: value } } } }, nowhere).map(
    (d) => d.message.split(':')[0],
  );

it('a misspelt name in braces is quoted, whatever its case', () => {
  expect(told('Bearer ${A1_token}')).toEqual(['malformed reference ${A1_token}']);
  expect(told('Bearer ${apiKey}')).toEqual(['malformed reference ${apiKey}']);
  expect(told('Bearer ${Env.A1_TOKEN}')).toEqual(['malformed reference ${Env.A1_TOKEN}']);
  expect(told('Bearer ${A1_TOKEN:x}')).toEqual(['malformed reference ${A1_TOKEN…}']);
  expect(told('Bearer ${{env.TOKEN}}')).toEqual(['malformed reference ${{env.TOKEN}']);
  expect(told('Bearer {{userQuery}}')).toEqual(['`{{userQuery}}`']);
  expect(told('Bearer {{Env.TOKEN}}')).toEqual(['`{{Env.TOKEN}}`']);
});

it('a key in braces is not quoted, upper case included', () => {
  for (const key of [
    'sk_live_4eC39HqLyjWDarjtQA251',
    'AKIAIOSFODNN7QA251X',
    'hf_abcdefghijklmnopqrstuvwxyzQA',
    'sk-dev-QA251',
  ]) {
    expect(told(`Bearer \${${key}}`)).toEqual(['malformed reference ${…}']);
    expect(told(`Bearer {{${key}}}`)).toEqual(['`{{…}}`']);
  }
});

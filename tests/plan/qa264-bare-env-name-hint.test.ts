/**
 * QA264: a header written `Bearer ${OPENAI_API_KEY}` (the shell's spelling, `env.` left out) was an
 * error whose hint read 'write ${env.NAME}', leaving the user to work out the name. The hint now
 * writes the reference to type; a key typed in braces is still never quoted (QA242).
 */
import { expect, it } from 'vitest';
import { checkSecretPlacement } from '../../src/plan/secret-placement.js';

const nowhere = () => undefined;
const told = (value: string) =>
  checkSecretPlacement({ agents: { a1: { headers: { authorization: value } } } }, nowhere).map(
    (d) => `${d.message} | ${d.hint ?? ''}`,
  );

it('a name in braces without env. is told the reference to write', () => {
  expect(told('Bearer ${OPENAI_API_KEY}')).toEqual([
    'malformed reference ${OPENAI_API_KEY} | write ${env.OPENAI_API_KEY}',
  ]);
  expect(told('Bearer ${Env.A1_TOKEN}')).toEqual([
    'malformed reference ${Env.A1_TOKEN} | write ${env.A1_TOKEN}',
  ]);
});

it('a key typed in braces, or after env:, is not written into the hint', () => {
  // The message shows `${env…}` (what follows may be a key typed in place, QA228): so does the hint.
  expect(told('Bearer ${env:sk_live_4eC39HqLyjWDarjtQA264}')).toEqual([
    'malformed reference ${env…} | write ${env.NAME}',
  ]);
  expect(told('Bearer ${sk_live_4eC39HqLyjWDarjtQA264}')).toEqual([
    'malformed reference ${…} | write ${env.NAME}',
  ]);
});

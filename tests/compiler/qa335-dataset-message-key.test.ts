/**
 * QA335: messages about a dataset source quoted a key pasted in it where 'dataset file not found'
 * said it `${env…}` (QA290): 'cannot tell the format of ${env.ghp_AbCd…}' (a source with no
 * extension) and, of a remote source, 'fetching https://…/$ghp_AbCd…/d.jsonl failed' and 'dataset
 * URL must use https: …', in validate's, plan's and lint's text and --json. Each says `${env…}`, `$…`.
 */
import { expect, it } from 'vitest';
import { PASTED_KEY as KEY, validatePastedKey } from '../fixtures/pasted-key-plan.js';

async function validate(source: string, json: boolean) {
  const result = await validatePastedKey('evalc-qa335-', { source }, json);
  return result.stdout + result.stderr;
}

it.each([
  [`\${env.${KEY}}`, 'cannot tell the format of ${env…}'],
  [`http://example.invalid/$${KEY}/d.jsonl`, 'dataset URL must use https: http://example.invalid/$…/d.jsonl'],
  [`https://127.0.0.1:1/$${KEY}/d.jsonl`, 'fetching https://127.0.0.1:1/$…/d.jsonl failed'],
])(
  'says %s without the key',
  async (source, said) => {
    for (const json of [false, true]) {
      const out = await validate(source, json);
      expect(out).toContain(said);
      expect(out).not.toContain('MnOpQr');
    }
  },
  30_000,
);

it('quotes a source without a key as written', async () => {
  expect(await validate('${env.DATA}', false)).toContain('cannot tell the format of ${env.DATA}');
});

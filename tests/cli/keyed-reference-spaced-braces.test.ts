/**
 * A key typed in braces with spaces around it (`source: "data/${ ghp_AbCd… }.jsonl"`, `${ env.ghp_… }`)
 * was shown whole in the source line quoted under validate's messages, though the message itself said
 * `${…}` (QA304): the excerpt's mask read a reference's name from right after `${`, so a space ended it
 * empty. It is starred as `${ghp_…}` is; a spaced name that is no key stays as written.
 */
import { expect, it } from 'vitest';
import { maskKeyedReferences } from '../../src/cli/render-diagnostics.js';
import { PASTED_KEY, validatePastedKey } from '../fixtures/pasted-key-plan.js';

const KEY = PASTED_KEY;

function validate(source: string, json: boolean) {
  return validatePastedKey('evalc-spaced-ref-', { source }, json);
}

it.each([
  [`data/\${ ${KEY} }.jsonl`, false],
  [`data/\${ ${KEY} }.jsonl`, true],
  [`data/\${\t${KEY}}.jsonl`, false],
  [`data/\${ env.${KEY} }.jsonl`, false],
])('a key in spaced braces, %s (--json %s), is shown nowhere', async (source, json) => {
  const result = await validate(source, json);
  expect(result.stdout + result.stderr).not.toContain('MnOpQr');
});

it('stars the spaced reference whole and keeps a spaced name that is no key', () => {
  expect(maskKeyedReferences(`source: "data/\${ ${KEY} }.jsonl"`)).toBe(
    `source: "data/${'*'.repeat(KEY.length + 5)}.jsonl"`,
  );
  expect(maskKeyedReferences('source: "${ DATA_DIR }/d.jsonl"')).toBe('source: "${ DATA_DIR }/d.jsonl"');
});

/**
 * QA298: acbe38de says a key pasted as a `${env.…}` name in a dataset source `${env…}` in 'dataset
 * file not found', but a key typed in braces without `env.` (`source: "${ghp_AbCd…}.jsonl"`), whose
 * excerpt is starred and whose EVALC_SECRET_SYNTAX message says `${…}`, was still quoted whole in
 * that message, in validate and `validate --json`. It is said `${…}`; a name in braces as written.
 */
import { expect, it } from 'vitest';
import { PASTED_KEY, validatePastedKey } from '../fixtures/pasted-key-plan.js';

const KEY = PASTED_KEY;

function validate(source: string, json: boolean) {
  return validatePastedKey('evalc-qa298-', { source }, json);
}

it.each([false, true])('says a key typed in braces in a dataset source ${…} (--json %s)', async (json) => {
  const result = await validate(`data/\${${KEY}}.jsonl`, json);
  const out = result.stdout + result.stderr;
  expect(out).toContain('dataset file not found: data/${…}.jsonl');
  expect(out).not.toContain('MnOpQr');
});

it('quotes a name in braces as written', async () => {
  const result = await validate('${DATA_DIR}/d.jsonl', false);
  expect(result.stdout + result.stderr).toContain('dataset file not found: ${DATA_DIR}/d.jsonl');
});

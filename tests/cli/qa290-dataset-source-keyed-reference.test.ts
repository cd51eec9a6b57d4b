/**
 * QA290: f8f4896c says a key pasted as the name of a `${env.…}` outside headers `${env…}` and stars
 * it in the excerpt, but a dataset source so written (`source: "${env.ghp_AbCd…}.jsonl"`) was also
 * 'dataset file not found: ${env.ghp_AbCdEf…}.jsonl', the key whole in validate's, lint's and
 * plan's message and in `validate --json`. It is said `${env…}` there too; a name as written.
 */
import { expect, it } from 'vitest';
import { PASTED_KEY, validatePastedKey } from '../fixtures/pasted-key-plan.js';

const KEY = PASTED_KEY;

function validate(source: string, json: boolean) {
  return validatePastedKey('evalc-qa290-', { source }, json);
}

it.each([false, true])(
  'says a key pasted as a dataset source reference ${env…} (--json %s)',
  async (json) => {
    const result = await validate(`\${env.${KEY}}.jsonl`, json);
    const out = result.stdout + result.stderr;
    expect(out).toContain('dataset file not found: ${env…}.jsonl');
    expect(out).not.toContain('MnOpQr');
  },
);

it('quotes a reference whose name is a name as written', async () => {
  const result = await validate('${env.DATA_DIR}/d.jsonl', false);
  expect(result.stdout + result.stderr).toContain('dataset file not found: ${env.DATA_DIR}/d.jsonl');
});

/**
 * QA322: a key pasted as a reference in a dataset source and left open, `${env.ghp_AbCd….jsonl`, or
 * spaced, `${ ghp_…`, or in brackets or quotes, `${env["ghp_…"].jsonl`, was quoted whole in
 * 'dataset file not found' (validate, plan, apply, --json) above an excerpt that starred it: the
 * message said only a closed `${env.…}` / `${…}` (QA290, QA298). It is said `${env…` or `${…`; a
 * name left open is quoted as written.
 */
import { expect, it } from 'vitest';
import { PASTED_KEY, validatePastedKey } from '../fixtures/pasted-key-plan.js';

const KEY = PASTED_KEY;

async function validate(source: string, json: boolean) {
  const result = await validatePastedKey('evalc-qa322-', { source, quote: "'" }, json);
  return result.stdout + result.stderr;
}

it.each([
  [`\${env["${KEY}"].jsonl`, 'dataset file not found: ${env….jsonl'],
  [`\${env[${KEY}].jsonl`, 'dataset file not found: ${env….jsonl'],
  [`\${env.${KEY}.jsonl`, 'dataset file not found: ${env…'],
  [`\${env:${KEY}.jsonl`, 'dataset file not found: ${env…'],
  [`data/\${ ${KEY}.jsonl`, 'dataset file not found: data/${…'],
  [`{{env.${KEY}}}.jsonl`, 'dataset file not found: {{env…}}.jsonl'],
])('says a key in a reference left open in a dataset source (%s)', async (source, said) => {
  for (const json of [false, true]) {
    const out = await validate(source, json);
    expect(out).toContain(json ? said.replaceAll('"', '\\"') : said);
    expect(out).not.toContain('MnOpQr');
  }
});

it('quotes a name left open as written', async () => {
  expect(await validate('${DATA_DIR/d.jsonl', false)).toContain('dataset file not found: ${DATA_DIR/d.jsonl');
});

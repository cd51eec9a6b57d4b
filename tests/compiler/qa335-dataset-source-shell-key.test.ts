/**
 * QA335: a key pasted shell-style in a dataset `source:`, `$ghp_AbCd…/d.jsonl` or PowerShell's
 * `$env:ghp_AbCd…/d.jsonl`, was quoted whole by 'dataset file not found' (validate's text and --json)
 * and shown whole in the excerpt under it, where `${env.ghp_…}` there is said `${env…}` (QA290).
 * It is said `$…` (`$env:…`) and starred in the excerpt, file:line:col kept; `$DATA_DIR` is quoted.
 */
import { expect, it } from 'vitest';
import { PASTED_KEY as KEY, validatePastedKey } from '../fixtures/pasted-key-plan.js';

const validate = (source: string, json: boolean) => validatePastedKey('evalc-qa335-', { source }, json);

it.each([
  [`$${KEY}/d.jsonl`, 'dataset file not found: $…/d.jsonl'],
  [`$env:${KEY}/d.jsonl`, 'dataset file not found: $env:…/d.jsonl'],
  [`data/$sk-live-${KEY.slice(4)}.jsonl`, 'dataset file not found: data/$…'],
])('says %s without the key, message and excerpt', async (source, said) => {
  const text = await validate(source, false);
  const out = text.stdout + text.stderr;
  expect(out).toContain(`evalc.yaml:8:30: error EVALC_DATASET_NOT_FOUND: ${said}`);
  expect(out).toMatch(/source: "[^"]*\*{40}/);
  expect(out).not.toContain('MnOpQr');
  const json = await validate(source, true);
  expect(json.stdout).toContain(said);
  expect(json.stdout + json.stderr).not.toContain('MnOpQr');
});

it('quotes a variable name as written', async () => {
  const result = await validate('$DATA_DIR/d.jsonl', false);
  const out = result.stdout + result.stderr;
  expect(out).toContain('dataset file not found: $DATA_DIR/d.jsonl');
  expect(out).toContain('source: "$DATA_DIR/d.jsonl"');
});

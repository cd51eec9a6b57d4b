/**
 * QA40: a dataset's `sha256:` pin copied from PowerShell's `Get-FileHash` or `certutil` (upper-case
 * hex) was a schema error; `sha256sum` prints lower case. Both spell the same pin; another hash
 * is still refused (EVALC_DATASET_SHA256).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

const rows = '{"id":"a","vars":{"q":"x"}}\n';
const hex = createHash('sha256').update(rows).digest('hex');

const codes = async (pin: string) =>
  (await loadDatasetPlan(`d.jsonl, sha256: ${pin}`, { 'd.jsonl': rows })).diagnostics.map((d) => d.code);

describe('a dataset sha256 pin in upper case (QA40)', () => {
  it('pins the file as the lower-case hex does', async () => {
    expect(await codes(hex)).toEqual([]);
    expect(await codes(hex.toUpperCase())).toEqual([]);
    expect(await codes('0'.repeat(63) + 'A')).toEqual(['EVALC_DATASET_SHA256']);
  });
});

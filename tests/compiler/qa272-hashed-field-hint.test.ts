/**
 * QA272: validate's EVALC_REF_EXPECTED over examples whose `expected_sha256` names another field
 * than the metric reads (not close enough for 'did you mean') hinted 'the examples have expected:
 * reply', a field the examples keep in expected_sha256: the hint names what holds each field.
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

const hash = 'ab'.repeat(32);

async function hintFor(rows: string[]): Promise<string[]> {
  const r = await loadDatasetPlan('d.jsonl', { 'd.jsonl': `${rows.join('\n')}\n` }, [
    '{ type: exact_match, candidate: answer, expected: answer }',
  ]);
  return r.diagnostics.map((d) => d.hint ?? '');
}

describe('the fields a hashed example has, named by what holds them (QA272)', () => {
  it('names expected_sha256 for a field kept as a hash', async () => {
    expect(await hintFor([`{"id":"a","vars":{"q":"x"},"expected_sha256":{"reply":"${hash}"}}`])).toEqual([
      'the examples have expected_sha256: reply',
    ]);
  });

  it('names each holder when the examples keep fields in both', async () => {
    expect(
      await hintFor([
        `{"id":"a","vars":{"q":"x"},"expected":{"label":"l"},"expected_sha256":{"reply":"${hash}"}}`,
      ]),
    ).toEqual(['the examples have expected: label; expected_sha256: reply']);
  });
});

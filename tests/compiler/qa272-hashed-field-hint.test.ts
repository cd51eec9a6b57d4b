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

describe('an expected_sha256 without the field some examples have (QA272)', () => {
  async function warnings(rows: string[]): Promise<string[]> {
    const r = await loadDatasetPlan('d.jsonl', { 'd.jsonl': `${rows.join('\n')}\n` }, [
      '{ type: exact_match, candidate: answer, expected: answer }',
    ]);
    return r.diagnostics.map((d) => `${d.code} ${d.severity} ${d.message} | ${d.hint ?? ''}`);
  }

  it('warns naming the examples whose hash is under another field', async () => {
    expect(
      await warnings([
        `{"id":"a","vars":{"q":"x"},"expected_sha256":{"answer":"${hash}"}}`,
        `{"id":"b","vars":{"q":"x"},"expected_sha256":{"answr":"${hash}"}}`,
      ]),
    ).toEqual([
      "EVALC_REF_EXPECTED warning `exact_match` reads expected.answer, which the expected_sha256 of example b does not have (example b's fields: answr): its metric is a metric_error | rename `answr` to `answer` in example b's expected_sha256, as the other examples have it",
    ]);
  });

  it('says nothing of an example that has the value in expected, or of a dataset where all have it', async () => {
    expect(
      await warnings([
        `{"id":"a","vars":{"q":"x"},"expected_sha256":{"answer":"${hash}"}}`,
        `{"id":"b","vars":{"q":"x"},"expected":{"answer":"4"},"expected_sha256":{"other":"${hash}"}}`,
        `{"id":"c","vars":{"q":"x"},"expected":{"answer":"4"}}`,
      ]),
    ).toEqual([]);
  });
});

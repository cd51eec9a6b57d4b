/**
 * QA40: an empty dataset file was a warning (EVALC_DATASET_EMPTY) as JSONL or CSV but an error
 * as JSON ("invalid JSON: Unexpected end of JSON input") or YAML ("a YAML dataset is a list of
 * examples"). A file with nothing in it (blank lines, a byte order mark) is now the same warning
 * in every format; a JSON or YAML file with content of the wrong shape is still an error.
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

const codes = async (file: string, text: string) =>
  (await loadDatasetPlan(file, { [file]: text })).diagnostics.map((d) => `${d.severity} ${d.code}`);

describe('an empty dataset file (QA40)', () => {
  it('warns that the dataset has no examples, whatever its format', async () => {
    for (const file of ['d.json', 'd.yaml', 'd.jsonl', 'd.csv'])
      for (const text of ['', '\n\n', '\uFEFF', '\uFEFF\r\n  \r\n'])
        expect([file, JSON.stringify(text), await codes(file, text)]).toEqual([
          file,
          JSON.stringify(text),
          ['warning EVALC_DATASET_EMPTY'],
        ]);
  });

  it('still refuses JSON or YAML content that is no list of examples', async () => {
    expect(await codes('d.json', '{}\n')).toEqual(['error EVALC_DATASET_SHAPE']);
    expect(await codes('d.yaml', 'examples:\n')).toEqual(['error EVALC_DATASET_SHAPE']);
  });
});

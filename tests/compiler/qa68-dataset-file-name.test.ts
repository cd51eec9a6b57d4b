/**
 * QA68: a local dataset file whose name holds `#` or `?` (`run #2.jsonl`, `why?.csv`) was
 * "cannot tell the format" (EVALC_DATASET_FORMAT): the format was read from the name cut at the
 * first `?` or `#`, as for a URL's query and fragment. Only a URL's are cut now; a local name is
 * read whole and the file is loaded.
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetPlan } from './plan-helpers.js';

const row = '{"id":"e1","vars":{"q":"a"},"expected":{"answer":"a"}}\n';
const files: Record<string, string> = {
  'run #2.jsonl': row,
  'why?.jsonl': row,
  'a#b?c.json': `[${row.trim()}]\n`,
  'ask? #1.csv': 'id,q,expected.answer\ne1,a,a\n',
  'set #3.yaml': '- { id: e1, vars: { q: a }, expected: { answer: a } }\n',
};

describe('a local dataset file named with # or ? (QA68)', () => {
  for (const [file, text] of Object.entries(files))
    it(`loads ${file}`, async () => {
      const loaded = await loadDatasetPlan(JSON.stringify(file), { [file]: text });
      expect(loaded.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message)).toEqual([]);
      expect(loaded.compiled?.groups[0]?.group.dataset.examples.map((e) => e.id)).toEqual(['e1']);
    });
});

/**
 * QA21: JSON, JSONL and YAML datasets as teams write them. A key given twice in a JSON object is
 * an error at its position (JSON.parse kept the last silently; YAML refuses it too); an integer
 * beyond 2^53 warns with what it is read as; YAML merge keys apply; a multi-document YAML file
 * and an unknown alias say what they are; empty, blank and control-character ids are refused.
 */
import { describe, expect, it } from 'vitest';
import { parseDataset } from '../../src/compiler/dataset-parse.js';
import type { LoadResult } from '../../src/compiler/load-plan.js';
import { loadDatasetPlan } from './plan-helpers.js';

const report = (text: string, format: 'json' | 'jsonl' | 'yaml') =>
  parseDataset('d', text, format).diagnostics.map(
    (d) => `${d.severity} ${d.code} ${d.source?.line}:${d.source?.col} ${d.message}`,
  );

const loadJsonl = (text: string): Promise<LoadResult> => loadDatasetPlan('d.jsonl', { 'd.jsonl': text });

describe('JSON text the parser would change silently (QA21)', () => {
  it('refuses a key given twice in one object, at the second one, in JSON and JSONL', () => {
    const line = '{"id":"a","expected":{"answer":"a"},"expected":{"answer":"z"}}';
    expect(report(`${line}\n`, 'jsonl')).toEqual([
      'error EVALC_DATASET_DUPLICATE_KEY 1:37 key "expected" appears twice in one object (JSON would keep the last and drop the first silently)',
    ]);
    expect(report(`[\n  ${line}\n]`, 'json')).toEqual([
      'error EVALC_DATASET_DUPLICATE_KEY 2:39 key "expected" appears twice in one object (JSON would keep the last and drop the first silently)',
    ]);
  });

  it('compares keys after unescaping and keeps objects apart', () => {
    expect(report('{"id":"a","vars":{"q":1,"\\u0071":2}}\n', 'jsonl')).toHaveLength(1);
    expect(report('{"id":"a","vars":{"q":1,"r":{"q":2}},"q":[{"q":1},{"q":2}]}\n', 'jsonl')).toEqual([]);
    expect(report('{"id":"a","vars":{"k":"\\"q\\":1, \\"q\\":2"}}\n', 'jsonl')).toEqual([]);
  });

  it('warns about an integer beyond 2^53 with what it is read as, and not about exact ones', () => {
    expect(report('{"id":"a","vars":{"n":12345678901234567891}}\n', 'jsonl')).toEqual([
      'warning EVALC_DATASET_NUMBER_PRECISION 1:23 12345678901234567891 is beyond the integers a JSON number keeps exactly (2^53): it is read as 12345678901234567000',
    ]);
    expect(
      report(
        '{"id":"a","vars":{"a":9007199254740991,"b":-9007199254740991,"c":1e30,"d":0.10000000000000001}}\n',
        'jsonl',
      ),
    ).toEqual([]);
    expect(report('[{"id":"a","vars":{"n":9007199254740993}}]', 'json')).toEqual([
      'warning EVALC_DATASET_NUMBER_PRECISION 1:24 9007199254740993 is beyond the integers a JSON number keeps exactly (2^53): it is read as 9007199254740992',
    ]);
  });

  it('caps the precision warnings of one file at ten and a count', () => {
    const lines = Array.from(
      { length: 25 },
      (_, i) => `{"id":"e${i}","vars":{"n":1234567890123456789${i % 10}1}}`,
    );
    const out = report(`${lines.join('\n')}\n`, 'jsonl');
    expect(out).toHaveLength(11);
    expect(out[10]).toBe(
      'warning EVALC_DATASET_NUMBER_PRECISION 11:25 15 more integers beyond 2^53 in this file',
    );
  });
});

describe('JSON example positions (QA21)', () => {
  it('gives each example of {examples: [...]} its own line and column, not 1:1', () => {
    const text =
      '{\n  "meta": {"examples": [1]},\n  "examples": [\n    {"id": "a"},\n      {"id": "b"}\n  ]\n}\n';
    expect(parseDataset('d.json', text, 'json').rows.map((r) => [r.line, r.col])).toEqual([
      [4, 5],
      [5, 7],
    ]);
  });
});

describe('YAML datasets (QA21)', () => {
  it("applies merge keys: the example's own keys win over the merged ones", () => {
    const yaml = `defaults: &d
  vars: { q: shared, lang: en }
  weight: 2
examples:
  - { <<: *d, id: a }
  - <<: [*d]
    id: b
    vars: { q: own }
`;
    expect(parseDataset('d.yaml', yaml, 'yaml').rows.map((r) => r.value)).toEqual([
      { id: 'a', vars: { q: 'shared', lang: 'en' }, weight: 2 },
      { id: 'b', vars: { q: 'own' }, weight: 2 },
    ]);
  });

  it('reads YAML 1.2: yes, on and dates are strings, 012 is twelve', () => {
    const yaml = '- { id: a, vars: { y: yes, o: on, d: 2024-01-01, n: 012, 1: one } }\n';
    expect(parseDataset('d.yaml', yaml, 'yaml').rows.map((r) => r.value)).toEqual([
      { id: 'a', vars: { y: 'yes', o: 'on', d: '2024-01-01', n: 12, '1': 'one' } },
    ]);
  });

  it('warns about an integer beyond 2^53, as in JSON, and not about a quoted one', () => {
    expect(
      report(
        '- { id: a, vars: { n: 12345678901234567891, s: "12345678901234567891", ok: 9007199254740991 } }\n',
        'yaml',
      ),
    ).toEqual([
      'warning EVALC_DATASET_NUMBER_PRECISION 1:23 12345678901234567891 is beyond the integers a number keeps exactly (2^53): it is read as 12345678901234567000',
    ]);
  });

  it('says a multi-document file is one dataset document, once, at its second document, without library advice', () => {
    expect(report('- { id: a }\n---\n- { id: b }\n', 'yaml')).toEqual([
      'error EVALC_YAML_SYNTAX 2:1 a YAML dataset holds one document (a `---` line starts another)',
    ]);
  });

  it('names an alias without an anchor, at the alias, instead of "too many alias expansions"', () => {
    expect(report('- { id: a, vars: *nope }\n', 'yaml')).toEqual([
      'error EVALC_YAML_ALIAS 1:18 the alias *nope names no anchor &nope set before it',
    ]);
  });
});

describe('example ids (QA21)', () => {
  it('refuses an empty, a blank and a control-character id at its line, and keeps the others', async () => {
    const r = await loadJsonl(
      [
        '{"id":"","vars":{"q":"a"}}',
        '{"id":"  ","vars":{"q":"a"}}',
        '{"id":"a\\nb","vars":{"q":"a"}}',
        '{"id":"ok / ü 😀","vars":{"q":"a"}}',
      ].join('\n'),
    );
    expect(r.diagnostics.map((d) => `${d.source?.line} ${d.message}`)).toEqual([
      '1 invalid example (id): the id is empty',
      '2 invalid example (id): the id is blank',
      '3 invalid example (id): the id holds a control character (U+000A)',
    ]);
    expect(r.resolved?.datasets[0]?.examples.map((e) => e.id)).toEqual(['ok / ü 😀']);
  });
});

describe('local dataset files (QA21)', () => {
  const loadSource = (source: string, files: Record<string, string>): Promise<LoadResult> =>
    loadDatasetPlan(source, files);

  it('names a near-miss file name and tells a folder from a missing file', async () => {
    const typo = await loadSource('data/serach.jsonl', {
      'data/search.jsonl': '{"id":"a","vars":{"q":"x"}}\n',
    });
    expect(typo.diagnostics.map((d) => [d.message, d.hint])).toEqual([
      ['dataset file not found: data/serach.jsonl', 'did you mean `data/search.jsonl`?'],
    ]);
    const folder = await loadSource('data/sub.jsonl', { 'data/sub.jsonl/x.txt': '' });
    expect(folder.diagnostics.map((d) => d.message)).toEqual([
      'dataset data/sub.jsonl is a folder, not a file',
    ]);
  });
});

/**
 * QA331: an example id written as a number that reads back as other text — YAML's `id: 007` (the
 * number 7), `1.50`, `0x1F`, `1e3`, JSON's `1.50` — became "7", "1.5", "31", "1000" in step ids,
 * reports and the lock, nothing said. Warned at the id (EVALC_EXAMPLE_ID_NUMBER), with the quoted
 * form; `7`, `"007"` and a CSV's `007` cell (text) are not.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { loadDatasetPlan, oneTaskPlanYaml, planDiagnostics } from './plan-helpers.js';

const said = (diagnostics: Diagnostic[]) =>
  diagnostics
    .filter((d) => d.code === 'EVALC_EXAMPLE_ID_NUMBER')
    .map(
      (d) => `${d.severity} ${d.source?.file}:${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`,
    );

const inline = (ids: string[]) =>
  oneTaskPlanYaml('[ { type: exact_match } ]').replace(
    /examples: \[.*\]/,
    `examples: [ ${ids.map((id) => `{ id: ${id}, vars: { q: hi }, expected: { answer: x } }`).join(', ')} ]`,
  );

describe('an example id written as a number that reads back otherwise', () => {
  it('is warned in inline examples', async () => {
    const diagnostics = await planDiagnostics(inline(['007', '1.50', '0x1F', '1e3', '12', '"008"', 'e9']));
    expect(said(diagnostics)).toEqual([
      'warning evalc.yaml:8:40 example id `007` is read as the number 7: its id is "7" in reports, the lock and step ids | quote it, "007", to keep the id as written',
      'warning evalc.yaml:8:95 example id `1.50` is read as the number 1.5: its id is "1.5" in reports, the lock and step ids | quote it, "1.50", to keep the id as written',
      'warning evalc.yaml:8:151 example id `0x1F` is read as the number 31: its id is "31" in reports, the lock and step ids | quote it, "0x1F", to keep the id as written',
      'warning evalc.yaml:8:207 example id `1e3` is read as the number 1000: its id is "1000" in reports, the lock and step ids | quote it, "1e3", to keep the id as written',
    ]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('is warned in JSONL and YAML files, not in a CSV (whose cells are text)', async () => {
    const jsonl = await loadDatasetPlan('d.jsonl', {
      'd.jsonl':
        '{"id": 1.50, "vars": {"q": "a"}}\n{"id": 7, "vars": {"q": "b"}}\n{"id":2.0,"vars":{"q":"c"}}\n',
    });
    expect(said(jsonl.diagnostics)).toEqual([
      'warning d.jsonl:1:8 example id `1.50` is read as the number 1.5: its id is "1.5" in reports, the lock and step ids | quote it, "1.50", to keep the id as written',
      'warning d.jsonl:3:7 example id `2.0` is read as the number 2: its id is "2" in reports, the lock and step ids | quote it, "2.0", to keep the id as written',
    ]);
    const yaml = await loadDatasetPlan('d.yaml', { 'd.yaml': '- id: 007   # agent\n  vars: { q: a }\n' });
    expect(said(yaml.diagnostics)).toEqual([
      'warning d.yaml:1:7 example id `007` is read as the number 7: its id is "7" in reports, the lock and step ids | quote it, "007", to keep the id as written',
    ]);
    const csv = await loadDatasetPlan('d.csv', { 'd.csv': 'id,q\n007,a\n' });
    expect(said(csv.diagnostics)).toEqual([]);
  });

  it('warns ten times in a dataset, then counts the others', async () => {
    const lines = Array.from({ length: 13 }, (_, i) => `{"id": ${i + 1}.0, "vars": {"q": "a"}}`).join('\n');
    const result = await loadDatasetPlan('d.jsonl', { 'd.jsonl': `${lines}\n` });
    const warned = said(result.diagnostics);
    expect(warned).toHaveLength(11);
    expect(warned[10]).toBe(
      'warning d.jsonl:11:8 3 more example ids in this dataset are read as numbers written otherwise | undefined',
    );
  });
});

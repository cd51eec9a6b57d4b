/**
 * QA28: merge keys (d7b4c83) must not break files whose `<<` key holds no mapping. Before merge
 * keys were applied, `<<: text` was read as a field named `<<` (plans and YAML datasets alike);
 * it then failed the whole file as "too many alias expansions" at 1:1, naming no alias.
 */
import { describe, expect, it } from 'vitest';
import { parseYamlRows } from '../../src/compiler/dataset-yaml.js';
import { parseYamlFile } from '../../src/plan/yaml-file.js';

describe('a `<<` key whose value is not a mapping', () => {
  it('is read as a field named `<<` when it holds a scalar, null or a list without mappings', () => {
    const r = parseYamlFile('p.yaml', 'a: 1\n<<: text\nb:\n  <<: null\n  c: 2\nd:\n  <<: [1, two]\n');
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toEqual({ a: 1, '<<': 'text', b: { '<<': null, c: 2 }, d: { '<<': [1, 'two'] } });
  });

  it('is a field in a YAML dataset example too, as the dataset reader kept it before', () => {
    const r = parseYamlRows('d.yaml', '- id: e1\n  <<: some text\n');
    expect(r.diagnostics).toEqual([]);
    expect(r.rows.map((row) => row.value)).toEqual([{ id: 'e1', '<<': 'some text' }]);
  });

  it('an alias of a scalar under `<<` is a field too', () => {
    const r = parseYamlFile('p.yaml', 'x: &s hello\ny:\n  <<: *s\n');
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toEqual({ x: 'hello', y: { '<<': 'hello' } });
  });

  it('a list mixing mappings and other values is said at the `<<` key, not as alias expansions', () => {
    const r = parseYamlFile('p.yaml', 'base: &b { x: 1 }\nc:\n  <<: [*b, 3]\n');
    expect(r.value).toBeUndefined();
    expect(r.diagnostics.map((d) => [d.code, d.source?.line, d.source?.col])).toEqual([
      ['EVALC_YAML_SYNTAX', 3, 3],
    ]);
    expect(r.diagnostics[0]?.message).toContain('<<');
    expect(r.diagnostics[0]?.message).not.toContain('alias expansions');
  });

  it('merge keys still apply: the mapping own keys win', () => {
    const r = parseYamlFile('p.yaml', 'd: &d { x: 1, q: 2 }\ne:\n  <<: *d\n  q: 9\n');
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toEqual({ d: { x: 1, q: 2 }, e: { x: 1, q: 9 } });
  });
});

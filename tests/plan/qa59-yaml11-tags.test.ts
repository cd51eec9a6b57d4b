/**
 * QA59: `!!set`, `!!omap`, `!!pairs`, `!!binary` and `!!timestamp` are YAML 1.1 types, but the YAML
 * reader builds them in any schema when a node is tagged: a `!!set {a, b}` var reached the agent as
 * `{}` (so did `!!omap`), a `!!binary` one as `{"type":"Buffer","data":[…]}`, a `!!timestamp` one as
 * an ISO text, all with `validate` saying "valid"; in a typed field the schema error called each "a
 * mapping". They are refused like custom tags, at the tag. A standard tag whose value does not fit it
 * (`!!float 1`) is no longer called a custom tag.
 */
import { describe, expect, it } from 'vitest';
import { parseYamlRows } from '../../src/compiler/dataset-yaml.js';
import { parseYamlFile } from '../../src/plan/yaml-file.js';

const said = (text: string) =>
  parseYamlFile('p.yaml', text).diagnostics.map((d) => [d.code, d.source?.line, d.source?.col, d.message]);

describe('YAML 1.1 typed nodes', () => {
  it('are EVALC_YAML_TAG at the tag, whatever the spelling', () => {
    expect(said('q: !!set { a, b }\n')).toEqual([
      ['EVALC_YAML_TAG', 1, 4, '!!set is a YAML 1.1 type, not plan or dataset data (YAML 1.2)'],
    ]);
    expect(said('a: 1\nq: [1, !!binary aGVsbG8=]\n')).toEqual([
      ['EVALC_YAML_TAG', 2, 8, '!!binary is a YAML 1.1 type, not plan or dataset data (YAML 1.2)'],
    ]);
    expect(said('q: !<tag:yaml.org,2002:omap> [ {x: 1} ]\n')).toEqual([
      ['EVALC_YAML_TAG', 1, 4, '!!omap is a YAML 1.1 type, not plan or dataset data (YAML 1.2)'],
    ]);
    expect(said('q:\n  !!timestamp 2020-01-01\n').map((d) => d.slice(0, 3))).toEqual([
      ['EVALC_YAML_TAG', 2, 3],
    ]);
    expect(said('q: !!pairs [ {x: 1}, {x: 2} ]\n').map((d) => d.slice(0, 3))).toEqual([
      ['EVALC_YAML_TAG', 1, 4],
    ]);
  });

  it('are refused in a YAML dataset too (they reached the agent as {} or a Buffer)', () => {
    const r = parseYamlRows('d.yaml', '- { id: y1, vars: { q: !!set { a, b } } }\n');
    expect(r.diagnostics.map((d) => [d.code, d.source?.line, d.source?.col])).toEqual([
      ['EVALC_YAML_TAG', 1, 24],
    ]);
  });

  it('YAML 1.2 core tags still work, and a value that does not fit its tag is not "a custom tag"', () => {
    const ok = parseYamlFile(
      'p.yaml',
      'a: !!str 1\nb: !!int 0x1F\nc: !!float 1.5\nd: !!map { x: 1 }\ne: !!seq [1]\n',
    );
    expect(ok.diagnostics).toEqual([]);
    expect(ok.value).toEqual({ a: '1', b: 31, c: 1.5, d: { x: 1 }, e: [1] });
    expect(said('q: !!float x\n').map((d) => d[3])).toEqual([
      'the value is no YAML 1.2 !!float (its tag does not match it)',
    ]);
    expect(said('q: !!python/object:os.system x\n').map((d) => d[3])).toEqual([
      'Unresolved tag: tag:yaml.org,2002:python/object:os.system (custom tags are not allowed)',
    ]);
  });
});

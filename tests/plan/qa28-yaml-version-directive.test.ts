/**
 * QA28: plan files and YAML datasets are read as YAML 1.2 (README: `yes`, `no`, `on`, `off` are
 * strings, `012` is 12). Since d7b4c83 a file opening with `%YAML 1.1` was read with YAML 1.1's
 * rules instead (`yes` → true, `012` → 10), silently; before, any directive was refused.
 */
import { describe, expect, it } from 'vitest';
import { parseYamlRows } from '../../src/compiler/dataset-yaml.js';
import { parseYamlFile } from '../../src/plan/yaml-file.js';

describe('a %YAML directive', () => {
  it('%YAML 1.1 is refused at its line instead of changing what yes, on and 012 mean', () => {
    const r = parseYamlFile('p.yaml', '# plan\n%YAML 1.1\n---\na: yes\nb: 012\n');
    expect(r.value).toBeUndefined();
    expect(r.diagnostics.map((d) => [d.code, d.source?.line, d.source?.col])).toEqual([
      ['EVALC_YAML_SYNTAX', 2, 1],
    ]);
    expect(r.diagnostics[0]?.message).toContain('1.2');
  });

  it('a YAML dataset under %YAML 1.1 gives no rows with 1.1 values', () => {
    const r = parseYamlRows('d.yaml', '%YAML 1.1\n---\n- id: e1\n  ok: yes\n  code: 012\n');
    expect(r.rows).toEqual([]);
    expect(r.diagnostics).toHaveLength(1);
  });

  it('%YAML 1.2 is read, with 1.2 values (yes stays a string, 012 is 12)', () => {
    const r = parseYamlFile('p.yaml', '%YAML 1.2\n---\na: yes\nb: 012\n');
    expect(r.diagnostics).toEqual([]);
    expect(r.value).toEqual({ a: 'yes', b: 12 });
  });
});

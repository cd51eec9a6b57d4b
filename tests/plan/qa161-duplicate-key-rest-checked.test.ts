/**
 * A key written twice is an error that hides nothing else: the first of the keys is read and the
 * rest of the file is still checked in the same run (QA161: a second `a1:` was the only error
 * validate printed; the file's other mistakes waited for the next run).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LoadResult, loadPlan } from '../../src/compiler/load-plan.js';
import { parseYamlFile } from '../../src/plan/yaml-file.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const HEAD = 'evalc: 1\nbenchmark: { id: dup, version: 1.0.0 }\n';
const TASK = `tasks:
  t:
    bindings:
      default:
        input: { q: "{{qq}}" }
        output: { a: "output.a" }
    datasets:
      d: { source: rows.jsonl }
    metrics:
      - { type: contains, candidate: a, expected: a }
`;
const ROWS = '{"id":"x1","vars":{"q":"hello"},"expected":{"a":"hi"}}\n';

async function load(files: Record<string, string>): Promise<LoadResult> {
  const dir = writeFiles({ 'rows.jsonl': ROWS, ...files });
  return loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true, cacheDir: path.join(dir, 'c') });
}
const where = (r: LoadResult) =>
  r.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.code} ${d.source?.file}:${d.source?.line}:${d.source?.col}`);

describe('a duplicate key', () => {
  it('is reported with the plan file’s other errors', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101, limts: {} }\n  a1: { protocol: raip, url: http://127.0.0.1:7102 }\n${TASK}`,
    });
    expect(where(r)).toEqual([
      'EVALC_SCHEMA_UNKNOWN_KEY evalc.yaml:4:53',
      'EVALC_YAML_DUPLICATE_KEY evalc.yaml:5:3',
      'EVALC_BIND_UNKNOWN_VAR evalc.yaml:10:21',
    ]);
    expect(r.compiled).toBeUndefined();
  });

  it('in an included file is reported with that file’s other errors, at their lines', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}include: [parts/task.yaml]\nagents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n`,
      'parts/task.yaml': `${TASK.replace('source: rows.jsonl', 'source: ../rows.jsonl')}  t:\n    bindings: {}\n`,
    });
    expect(where(r)).toEqual([
      'EVALC_BIND_UNKNOWN_VAR parts/task.yaml:5:21',
      'EVALC_YAML_DUPLICATE_KEY parts/task.yaml:11:3',
    ]);
  });

  it('of a whole section: what the second one defines is not reported unknown', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n${TASK}agents:\n  a2: { protocol: raip, url: http://127.0.0.1:7102 }\ngates:\n  - { metric: contains, min: 2 }\n`,
    });
    const t = r.diagnostics.find((d) => d.code === 'EVALC_BIND_UNKNOWN_VAR');
    expect(t?.source?.line).toBe(9);
    expect(where(r)).toEqual([
      'EVALC_BIND_UNKNOWN_VAR evalc.yaml:9:21',
      'EVALC_YAML_DUPLICATE_KEY evalc.yaml:15:1',
    ]);
    expect(r.diagnostics.map((d) => d.code)).toContain('EVALC_GATE_RANGE');
  });

  it('still refuses a YAML dataset file', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n${TASK.replace('rows.jsonl', 'rows.yaml').replace('{{qq}}', '{{q}}')}`,
      'rows.yaml': '- { id: x1, vars: { q: a }, vars: { q: b }, expected: { a: hi } }\n',
    });
    expect(where(r)).toEqual(['EVALC_YAML_DUPLICATE_KEY rows.yaml:1:29']);
  });
});

describe('the duplicate-key message', () => {
  const said = (text: string) =>
    parseYamlFile('f.yaml', text).diagnostics.map(
      (d) => `${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`,
    );

  it('names the key and where it was first written (it read "Map keys must be unique")', () => {
    expect(said('agents:\n  a1: { protocol: raip }\n  a2: {}\n  a1: { protocol: chat }\n')).toEqual([
      '4:3 `a1` is written again in this mapping (first at line 2, column 3): a key may appear once | keep one `a1` or merge the two (rename one if it is another entry)',
    ]);
    expect(said('x: { k: 1, k: 2 }\n')).toEqual([
      '1:12 `k` is written again in this mapping (first at line 1, column 6): a key may appear once | keep one `k`',
    ]);
  });

  it('says each later copy of a key written three times', () => {
    expect(said('a: 1\na: 2\na: 3\n').map((s) => s.split(' | ')[0])).toEqual([
      '2:1 `a` is written again in this mapping (first at line 1, column 1): a key may appear once',
      '3:1 `a` is written again in this mapping (first at line 1, column 1): a key may appear once',
    ]);
  });
});

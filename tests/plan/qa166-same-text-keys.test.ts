/**
 * Two keys YAML tells apart but a plan reads as one (`1:` and `"1":`, `true:` and `"true":`) are a
 * duplicate key: a dataset `1:` beside a dataset `"1":` left one of them out without a word, a plan
 * of one dataset that validated (QA166). In a YAML dataset file the same; `<<` merge keys may still
 * be written more than once.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { parseYamlFile } from '../../src/plan/yaml-file.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const said = (text: string) =>
  parseYamlFile('f.yaml', text).diagnostics.map((d) => `${d.source?.line}:${d.source?.col} ${d.message}`);

describe('keys of one text', () => {
  it('are a duplicate key, said at the later one', () => {
    expect(said('datasets:\n  1: { source: a.jsonl }\n  "1": { source: b.jsonl }\n')).toEqual([
      '3:3 `1` is written again in this mapping (first at line 2, column 3): a key may appear once',
    ]);
    expect(said('vars: { true: a, "true": b }\n')).toHaveLength(1);
    expect(said('a: &a { x: 1 }\nb: &b { y: 2 }\nc:\n  <<: *a\n  <<: *b\n')).toEqual([]);
  });

  it('in a plan are an error, the rest still checked', async () => {
    const dir = writeFiles({
      'evalc.yaml': `evalc: 1
benchmark: { id: k }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { q: "{{qq}}" }, output: { a: output.a } } }
    datasets:
      1: { examples: [ { id: x1, vars: { q: hi } } ] }
      "1": { examples: [ { id: x2, vars: { q: ho } } ] }
`,
    });
    const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
      cwd: dir,
      offline: true,
      cacheDir: path.join(dir, 'c'),
    });
    expect(
      r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.source?.line} ${d.code}`),
    ).toEqual(['7 EVALC_BIND_UNKNOWN_VAR', '10 EVALC_YAML_DUPLICATE_KEY']);
  });
});

/**
 * An alias that names no anchor is an error that hides nothing else (QA161): the plan file's other
 * mistakes are said in the same run, its includes are read, and an anchor set in one of them is
 * named in the hint ("YAML anchors do not cross files"). It was the only error printed, with the
 * hint to set the anchor above the line, though the user had set it, in the included file.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LoadResult, loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const HEAD = 'evalc: 1\nbenchmark: { id: alias, version: 1.0.0 }\n';
const TASK = `tasks:
  t:
    bindings:
      default:
        input: { q: "{{qq}}" }
        output: { a: "output.a" }
    datasets:
      d: { examples: [ { id: x1, vars: { q: hello }, expected: { a: hi } } ] }
    metrics:
      - { type: contains, candidate: a, expected: a }
`;

async function load(files: Record<string, string>): Promise<LoadResult> {
  const dir = writeFiles(files);
  return loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true, cacheDir: path.join(dir, 'c') });
}
const said = (r: LoadResult) =>
  r.diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => `${d.code} ${d.source?.file}:${d.source?.line}:${d.source?.col} | ${d.hint}`);

describe('an alias naming no anchor', () => {
  it('in the plan file: its includes are read, the anchor set in one is named, the other errors said', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}include: [shared.yaml]\nagents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101, limits: *lim }\n${TASK}`,
      'shared.yaml':
        'agents:\n  a0: { protocol: raip, url: http://127.0.0.1:7100, limits: &lim { concurrency: 2 } }\n',
    });
    expect(said(r)).toEqual([
      'EVALC_YAML_ALIAS evalc.yaml:5:61 | YAML anchors do not cross files: &lim is set in shared.yaml:2:61; write the value here (or keep both in one file)',
      'EVALC_BIND_UNKNOWN_VAR evalc.yaml:10:21 | did you mean `q`?',
    ]);
    expect(r.compiled).toBeUndefined();
  });

  it('as a whole binding: what the alias stood for is not reported missing', async () => {
    const r = await load({
      'evalc.yaml': `${HEAD}agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\nrun: { repeats: two }\n${TASK.replace(/ {4}bindings:\n( {6}.*\n)+/, '    bindings: *bind\n')}`,
    });
    expect(said(r)).toEqual([
      'EVALC_SCHEMA_TYPE evalc.yaml:5:17 | undefined',
      'EVALC_YAML_ALIAS evalc.yaml:8:15 | set the anchor (&bind) on a value above this line, or write the value here',
    ]);
  });
});

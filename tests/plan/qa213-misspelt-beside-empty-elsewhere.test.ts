/**
 * QA213: a misspelt top-level key of an included file (`benchmrk:`, `agnets:`) whose right spelling is
 * left empty in the plan file read '`benchmark` beside it is empty: move …': the included file holds no
 * `benchmark` beside it. It names the other file as 'set already' does (QA172), and a section the
 * files merge reads 'did you mean `agents`?' as there.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

describe('a misspelt key of an included file beside its right spelling left empty in another file', () => {
  it('names the other file', async () => {
    const dir = writeFiles(
      {
        'evalc.yaml': `evalc: 1
benchmark:
include: [ more.yaml ]
agents:
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
    metrics: [ { type: contains, expected: a } ]
`,
        'more.yaml': 'agnets:\n  a2: { protocol: raip, url: http://127.0.0.1:7102 }\nbenchmrk: { id: x }\n',
      },
      'evalc-qa213-elsewhere-',
    );
    const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    expect(r.diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY').map((d) => d.hint)).toEqual([
      'did you mean `agents`? (each file of the plan may set `agents:`; they are merged)',
      '`benchmark` is empty in another file of the plan: move what `benchmrk` holds (id) under `benchmark`',
    ]);
  });
});

/**
 * QA222 (the case next to 2b89bb9): a misspelt key holding a value beside its right spelling set to
 * a text of spaces alone (`timeout: " "` by `timout: 30s`) read '`timeout` is set already beside it:
 * remove `timout` (a misspelt copy?)': removed as told, 30s was gone. A blank text holds no value, as
 * an empty one does: the value is told to move, not printed.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

it('tells the value beside a blank text to move, not printed', async () => {
  const dir = writeFiles(
    {
      'evalc.yaml': `evalc: 1
benchmark: { id: value }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:7101
    limits: { timeout: "  ", timout: 30s }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
    metrics:
      - { type: contains, expected: a }
`,
    },
    'evalc-qa222-blank-',
  );
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  expect(r.diagnostics.filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY').map((d) => d.hint)).toEqual([
    '`timeout` beside it is empty: move the value of `timout` under `timeout`',
  ]);
});

/**
 * QA213: a misspelt key holding a value beside its right spelling set to an empty text
 * (`timeout: ""` by `timout: 30s`, a metric's `value: ""` by `valeu: hello`) read '`timeout` is set
 * already beside it: remove `timout` (a misspelt copy?)': removed as told, 30s was gone. An empty
 * text is empty, as a key left empty is (84de6da): the value is told to move, not printed.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const plan = (limits: string, metric: string) => `evalc: 1
benchmark: { id: value }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:7101
    limits: ${limits}
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
    metrics:
      - ${metric}
`;

describe('a misspelt key beside its right spelling set to an empty text', () => {
  it('is told to move the value, not printed', async () => {
    const dir = writeFiles(
      {
        'evalc.yaml': plan(
          '{ timeout: "", timout: 30s }',
          "{ type: contains, expected: a, value: '', valeu: SEKRET }",
        ),
      },
      'evalc-qa213-value-',
    );
    const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
    const hints = r.diagnostics
      .filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY' || d.code === 'EVALC_METRIC_PARAM_UNKNOWN')
      .map((d) => d.hint);
    expect(hints).toEqual([
      '`timeout` beside it is empty: move the value of `timout` under `timeout`',
      '`value` beside it is empty: move the value of `valeu` under `value`',
    ]);
    expect(JSON.stringify(r.diagnostics)).not.toContain('SEKRET');
  });
});

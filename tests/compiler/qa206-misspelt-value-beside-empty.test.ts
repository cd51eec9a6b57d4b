/**
 * QA206: a misspelt key holding a value of its own (a text, a number) beside its right spelling left
 * empty (`timeout:` by `timout: 30s`, a metric's `value:` by `valeu: hello`) read '`timeout` is set
 * already beside it: remove `timout` (a misspelt copy?)': removed as told, 30s was gone, and
 * `timeout` still empty. It is told to move the value, which is not repeated (it may be a secret).
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
    limits:
${limits}
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
    metrics:
      - ${metric}
`;

async function load(text: string) {
  const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa206-value-');
  return loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
}

describe('a misspelt key holding a value beside its right spelling left empty', () => {
  it('is told to move the value, and moved the plan holds it', async () => {
    const r = await load(
      plan('      timeout:\n      timout: 30s', '{ type: contains, expected: a, value: null, valeu: hello }'),
    );
    expect(
      r.diagnostics
        .filter((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY' || d.code === 'EVALC_METRIC_PARAM_UNKNOWN')
        .map((d) => [d.message, d.hint]),
    ).toEqual([
      [
        'unknown key `timout` in agents.a1.limits',
        '`timeout` beside it is empty: move the value of `timout` under `timeout`',
      ],
      [
        'contains: unknown key `valeu`',
        '`value` beside it is empty: move the value of `valeu` under `value`',
      ],
    ]);
    const moved = await load(plan('      timeout: 30s', '{ type: contains, expected: a, value: hello }'));
    expect(moved.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(moved.resolved?.plan.agents.a1?.limits?.timeout).toBeDefined();
  });

  it('beside one set already still reads as a misspelt copy', async () => {
    const r = await load(plan('      timeout: 10s\n      timout: 30s', '{ type: contains, expected: a }'));
    expect(r.diagnostics.find((d) => d.code === 'EVALC_SCHEMA_UNKNOWN_KEY')?.hint).toBe(
      '`timeout` is set already beside it: remove `timout` (a misspelt copy?)',
    );
  });
});

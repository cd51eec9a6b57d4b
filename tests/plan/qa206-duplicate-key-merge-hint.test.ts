/**
 * QA206 (QA199's leftover): a key written twice whose two values each hold entries the other lacks
 * (two `agents:`, a task's `metrics:` twice) read 'keep one `agents` or merge the two': kept as told,
 * the other's agents were gone. They are told to merge, naming what only one holds; one entry written
 * twice (`a1:` set two ways) and scalars still read 'keep one'. Each hint is followed as written, and
 * the plan then holds every agent and metric the user wrote.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const HEAD = 'evalc: 1\nbenchmark: { id: dup }\n';
const TASK = `tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
    metrics: [ { type: contains, expected: a } ]
`;

async function load(text: string) {
  const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa206-dup-');
  return loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
}

async function duplicateHints(text: string): Promise<string[]> {
  const r = await load(text);
  return r.diagnostics.filter((d) => d.code === 'EVALC_YAML_DUPLICATE_KEY').map((d) => d.hint ?? '');
}

describe('a key written twice', () => {
  it('holding other agents each time is told to merge them, and merged the plan holds both', async () => {
    const a1 = '  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n';
    const a2 = '  a2: { protocol: raip, url: http://127.0.0.1:7102 }\n';
    expect(await duplicateHints(`${HEAD}agents:\n${a1}agents:\n${a2}${TASK}`)).toEqual([
      'merge the two: put what both hold under one `agents` (only the first holds a1, only this one a2)',
    ]);
    const a3 = '  a3: { protocol: raip, url: http://127.0.0.1:7103 }\n';
    expect(await duplicateHints(`${HEAD}agents:\n${a1}agents:\n${a2}agents:\n${a3}${TASK}`)).toEqual([
      'merge the two: put what both hold under one `agents` (only the first holds a1, only this one a2)',
      'merge the two: put what both hold under one `agents` (only the first holds a1, only this one a3)',
    ]);
    const merged = await load(`${HEAD}agents:\n${a1}${a2}${TASK}`);
    expect(merged.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(Object.keys(merged.resolved?.plan.agents ?? {})).toEqual(['a1', 'a2']);
  });

  it('names an entry set otherwise under both', async () => {
    expect(
      await duplicateHints(
        `${HEAD}agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\nagents:\n  a1: { protocol: raip, url: http://127.0.0.1:7109 }\n  a2: { protocol: raip, url: http://127.0.0.1:7102 }\n${TASK}`,
      ),
    ).toEqual([
      'merge the two: put what both hold under one `agents` (only this one holds a2; a1 is under both, set otherwise: keep the one you mean, or rename one if they are two entries)',
    ]);
  });

  it("holding other list items (a task's metrics) is told to merge them", async () => {
    const text = `${HEAD}agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n${TASK}    metrics: [ { type: contains, expected: a }, { type: exact_match, expected: a } ]\n`;
    expect(await duplicateHints(text)).toEqual([
      'merge the two: put what both hold under one `metrics` (only this one holds 1 item; 1 item in both: write it once)',
    ]);
    const merged = await load(text.replace('    metrics: [ { type: contains, expected: a } ]\n', ''));
    expect(merged.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(merged.resolved?.plan.tasks.t?.metrics.map((m) => m.type)).toEqual(['contains', 'exact_match']);
  });

  it('beside one left empty is told to remove the empty one', async () => {
    const a1 = '  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n';
    expect(await duplicateHints(`${HEAD}agents:\n${a1}agents:\n${TASK}`)).toEqual([
      'this one is empty: remove it, and keep the other `agents`',
    ]);
    expect(await duplicateHints(`${HEAD}agents: {}\nagents:\n${a1}${TASK}`)).toEqual([
      'the first is empty: remove it, and keep the other `agents`',
    ]);
  });

  it('as one entry set two ways, or a scalar, still reads keep one', async () => {
    expect(
      await duplicateHints(
        `${HEAD}agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n  a1: { protocol: raip, url: http://127.0.0.1:7102 }\n${TASK}`.replace(
          'benchmark: { id: dup }',
          'benchmark: { id: dup, id: again }',
        ),
      ),
    ).toEqual(['keep one `id`', 'keep one `a1` or merge the two (rename one if it is another entry)']);
  });
});

/**
 * QA213: a task's `metrics:` written twice, a `contains` in each set otherwise, read 'merge the two'
 * alone: merged as told, 'metric `contains` appears twice'. It names the metric, as a misspelt
 * `metrcs:` does (QA191).
 *
 * An agent `a1:` written twice, its url set two ways and one with headers the other lacks,
 * read 'merge the two: put what both hold under one `a1` (…; url is under both, set otherwise: keep
 * the one you mean, or rename one if they are two entries)': merged as told, the second agent was
 * gone, and renaming `url` names no field. An entry set two ways reads 'keep one' (README); a field
 * set two ways (run's repeats) is not told to be renamed; two `agents:` still are.
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

async function duplicateHints(text: string): Promise<string[]> {
  const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa213-dup-');
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return r.diagnostics.filter((d) => d.code === 'EVALC_YAML_DUPLICATE_KEY').map((d) => d.hint ?? '');
}

describe('a key written twice', () => {
  it('as an agent set two ways, one with headers, reads keep one or rename', async () => {
    const agents = `agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n  a1: { protocol: raip, url: http://127.0.0.1:7102, headers: { x-k: "SEKRET" } }\n`;
    expect(await duplicateHints(`${HEAD}${agents}${TASK}`)).toEqual([
      'keep one `a1` or merge the two (rename one if it is another entry)',
    ]);
  });

  it('as a field set two ways is not told to rename it', async () => {
    const agents = 'agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n';
    expect(
      await duplicateHints(
        `${HEAD}${agents}${TASK}run: { repeats: 1 }\nrun: { repeats: 3, concurrency: 2 }\n`,
      ),
    ).toEqual([
      'merge the two: put what both hold under one `run` (only this one holds concurrency; repeats is under both, set otherwise: keep the one you mean)',
    ]);
    const twice = `agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\nagents:\n  a1: { protocol: raip, url: http://127.0.0.1:7109 }\n  a2: { protocol: raip, url: http://127.0.0.1:7102 }\n`;
    expect(await duplicateHints(`${HEAD}${twice}${TASK}`)).toEqual([
      'merge the two: put what both hold under one `agents` (only this one holds a2; a1 is under both, set otherwise: keep the one you mean, or rename one if they are two entries)',
    ]);
  });

  it('as an agent written again with a field added reads merge, no value printed', async () => {
    const agents = `agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n  a1: { protocol: raip, url: http://127.0.0.1:7101, headers: { x-k: "SEKRET" } }\n`;
    const hints = await duplicateHints(`${HEAD}${agents}${TASK}`);
    expect(hints).toEqual([
      'merge the two: put what both hold under one `a1` (only this one holds headers; protocol, url are in both: write them once)',
    ]);
    expect(hints.join('')).not.toContain('SEKRET');
  });

  it("as a task's metrics, one type set otherwise in each, names it: merged as told it appears twice", async () => {
    const agents = 'agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n';
    const task = TASK.replace('    metrics: [ { type: contains, expected: a } ]\n', '');
    expect(
      await duplicateHints(
        `${HEAD}${agents}${task}    metrics: [ { type: contains, expected: a }, { type: exact_match, expected: a } ]\n    metrics: [ { type: contains, expected: a, ignore_case: true } ]\n`,
      ),
    ).toEqual([
      'merge the two: put what both hold under one `metrics` (only the first holds 2 items, only this one 1 item; contains is in both, set otherwise: keep the one you mean, or give one its own `id:`)',
    ]);
  });

  it('written the same twice is told to remove the copy, no value printed', async () => {
    const agents =
      'agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101, headers: { k: "SEKRET" } }\n';
    const hints = await duplicateHints(
      `${HEAD}${agents}${TASK}metrics: [ { type: pass_rate } ]\nmetrics:\n  - { type: pass_rate }\n`.replace(
        'agents:\n',
        'agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101, headers: { k: "SEKRET" } }\n',
      ),
    );
    expect(hints).toEqual([
      'this one is the same as the first: remove it',
      'this one is the same as the first: remove it',
    ]);
  });
});

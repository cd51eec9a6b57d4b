/**
 * QA222: a plan's own field written twice with two values (`run: { repeats: 2, repeats: 3 }`, an
 * agent's `url:` on two lines, a judge's `model:`) read 'keep one `repeats` or merge the two (rename
 * one if it is another entry)': two numbers cannot be merged, and `repeats` renamed is an unknown key
 * (756a721 stopped telling a field set two ways under `run:` to be renamed, not the field itself).
 * An entry the user names (a header, an agent `a1`) may still be another one under its own name.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const TASK = `tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { a: output.a } } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { a: x } } ] }
    metrics: [ { type: contains, expected: a } ]
`;

async function duplicateHints(text: string): Promise<string[]> {
  const dir = writeFiles({ 'evalc.yaml': text }, 'evalc-qa222-dup-');
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return r.diagnostics.filter((d) => d.code === 'EVALC_YAML_DUPLICATE_KEY').map((d) => d.hint ?? '');
}

describe('a scalar written twice', () => {
  it("as a plan's own field reads keep one, neither merge nor rename", async () => {
    const plan = `evalc: 1
benchmark: { id: dup }
run: { repeats: 2, repeats: 3 }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:7101
    url: http://127.0.0.1:7102
${TASK}`;
    expect(await duplicateHints(plan)).toEqual(['keep one `repeats`', 'keep one `url`']);
  });

  it('as a header or a var may be another entry: keep one or rename, no merge of two texts', async () => {
    const plan = `evalc: 1
benchmark: { id: dup }
agents:
  a1:
    protocol: raip
    url: http://127.0.0.1:7101
    headers:
      x-key: "\${env.K1}"
      x-key: "\${env.K2}"
${TASK}`;
    const hints = await duplicateHints(plan);
    expect(hints).toEqual(['keep one `x-key` (rename one if it is another entry)']);
  });

  it('as a mapping of fields set two ways reads keep one or merge, no rename', async () => {
    const plan = `evalc: 1\nbenchmark: { id: dup }\nrun: { repeats: 2 }\nrun: { repeats: 3 }\n${TASK}`;
    expect(await duplicateHints(plan)).toEqual(['keep one `run` or merge the two']);
  });
});

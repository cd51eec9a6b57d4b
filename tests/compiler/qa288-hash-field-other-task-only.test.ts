/**
 * QA288 (0d1f1c82's case under `--only`): a CSV two tasks score — t1 reads expected.answer (public
 * rows), t2 the hashed rows' expected_sha256.answers — is not told in t1 to 'rename `answers` to
 * `answer`', advice that breaks t2. `plan --only t1` still offered it: the groups `--only` left out
 * were not built, so the fields t2 reads were not seen. A near name no task reads is still warned.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const hash = 'ab'.repeat(32);

async function hints(t2Expected: string, only: string | undefined): Promise<string[]> {
  const task = (expected: string) => `
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { source: d.csv } }
    metrics: [ { type: exact_match, candidate: answer, expected: ${expected} } ]`;
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t1:${task('answer')}
  t2:${task(t2Expected)}
`,
    'd.csv': `id,q,expected.answer,expected_sha256.answers\na,x,Paris,\nb,x,,${hash}\n`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true, only });
  return r.diagnostics.filter((d) => d.code === 'EVALC_REF_EXPECTED').map((d) => d.hint ?? '');
}

it.each([['t1'], ['t1/d']])(
  'offers no rename of a field the task --only %s leaves out reads',
  async (only) => {
    expect(await hints('answers', only)).toEqual([]);
  },
);

it('still offers it under --only when no task reads that field', async () => {
  expect(await hints('answer', 't1')).toEqual([
    "rename `answers` to `answer` in example b's expected_sha256, as the other examples have it",
  ]);
});

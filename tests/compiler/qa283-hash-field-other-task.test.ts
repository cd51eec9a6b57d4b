/**
 * QA283: a CSV two tasks score — t1 reads expected.answer (public rows), t2 the hashed rows'
 * expected_sha256.answers — was warned in t1 'rename `answers` to `answer` in example b's
 * expected_sha256', advice that breaks t2: 82c1e53b left out of the rename the fields the group's own
 * metrics read, not another task's over the same dataset. A near name no task reads is still warned.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const hash = 'ab'.repeat(32);

function plan(t2Expected: string): string {
  const task = (expected: string) => `
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { source: d.csv } }
    metrics: [ { type: exact_match, candidate: answer, expected: ${expected} } ]`;
  return `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t1:${task('answer')}
  t2:${task(t2Expected)}
`;
}

async function warnings(t2Expected: string): Promise<string[]> {
  const dir = writeFiles({
    'evalc.yaml': plan(t2Expected),
    'd.csv': `id,q,expected.answer,expected_sha256.answers\na,x,Paris,\nb,x,,${hash}\n`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true });
  return r.diagnostics.filter((d) => d.code === 'EVALC_REF_EXPECTED').map((d) => d.hint ?? '');
}

it('offers no rename of a hash field another task reads over the same dataset', async () => {
  expect(await warnings('answers')).toEqual([]);
});

it('still offers it, in each task, when no task reads that field', async () => {
  const hint = "rename `answers` to `answer` in example b's expected_sha256, as the other examples have it";
  expect(await warnings('answer')).toEqual([hint, hint]);
});

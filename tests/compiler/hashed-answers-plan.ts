/**
 * The set-up of the tests of the rename offered for a near expected field (QA283, QA288): a CSV two
 * tasks score, t1 reading expected.answer (public row a) and t2 `t2Expected` (row b holds only the
 * hash expected_sha256.answers), loaded offline (under `--only only` when given).
 */
import path from 'node:path';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

const hash = 'ab'.repeat(32);

/** The plan's text, task t2's exact_match expecting `t2Expected`. */
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

/** The hints of the plan's EVALC_REF_EXPECTED diagnostics. */
export async function refExpectedHints(t2Expected: string, only?: string): Promise<string[]> {
  const dir = writeFiles({
    'evalc.yaml': plan(t2Expected),
    'd.csv': `id,q,expected.answer,expected_sha256.answers\na,x,Paris,\nb,x,,${hash}\n`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), { cwd: dir, offline: true, only });
  return r.diagnostics.filter((d) => d.code === 'EVALC_REF_EXPECTED').map((d) => d.hint ?? '');
}

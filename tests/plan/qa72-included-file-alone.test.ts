/**
 * QA72: `evalc validate tasks/search.yaml` (an editor's on-save hook, a user checking one file of a
 * split plan) on a file that a plan includes was told to "add evalc: 1 … as the first line" and
 * "add benchmark: …" — advice that would make it a second plan. When a plan in this folder or one
 * above includes the file, the hint names that plan instead.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const TASK = `tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`;

async function hints(files: Record<string, string>, file: string) {
  const dir = writeFiles(files, 'evalc-qa72-alone-');
  const result = await runCommand(validateCommand, [file, '--json'], { cwd: dir });
  expect(result.code).toBe(65);
  return (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics.map(
    (d) => `${d.code} ${d.path.join('.')} | ${d.hint}`,
  );
}

describe('validating a file that a plan includes, alone', () => {
  it('names the plan that includes it', async () => {
    const root = 'evalc: 1\nbenchmark: { id: b }\ninclude: [tasks/all.yaml]\n';
    const files = {
      'evalc.yaml': root,
      'tasks/all.yaml': 'include: [search.yaml]\n',
      'tasks/search.yaml': TASK,
    };
    const hint = 'this file is included by evalc.yaml: validate that plan (evalc validate evalc.yaml)';
    expect(await hints(files, 'tasks/search.yaml')).toEqual([
      `EVALC_SCHEMA_MISSING evalc | ${hint}`,
      `EVALC_SCHEMA_MISSING benchmark | ${hint}`,
    ]);
  });

  it('keeps the plain hints for a file no plan includes', async () => {
    expect(
      await hints(
        { 'evalc.yaml': 'evalc: 1\nbenchmark: { id: b }\n', 'tasks/search.yaml': TASK },
        'tasks/search.yaml',
      ),
    ).toEqual([
      'EVALC_SCHEMA_MISSING evalc | add evalc: 1 (the plan language version) as the first line',
      'EVALC_SCHEMA_MISSING benchmark | add benchmark: { id: my-benchmark, version: 1.0.0 }',
    ]);
  });
});

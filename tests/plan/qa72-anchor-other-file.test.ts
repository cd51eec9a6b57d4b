/**
 * QA72: YAML anchors do not cross files. A plan split with `include:` that sets `&bind` in one file
 * and uses `*bind` in another was told "the alias *bind names no anchor &bind set before it — set the
 * anchor on a value above this line": the user had set it, in the other file. The hint now says
 * anchors stay in their file and names where that anchor is.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const task = (id: string, bindings: string) => `tasks:
  ${id}:
    bindings: ${bindings}
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
`;

async function aliasDiagnostics(files: Record<string, string>) {
  const dir = writeFiles(files, 'evalc-qa72-anchor-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  expect(result.code).toBe(65);
  return (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics.map(
    (d) => `${d.code} ${d.source?.file}:${d.source?.line}:${d.source?.col} | ${d.hint}`,
  );
}

describe('an alias whose anchor is in another file of the plan', () => {
  it('says anchors do not cross files and names where the anchor is', async () => {
    const root = `evalc: 1
benchmark: { id: b }
include: [tasks/t1.yaml, tasks/t2.yaml]
agents:
  a: { protocol: raip, url: "http://127.0.0.1:7101" }
`;
    expect(
      await aliasDiagnostics({
        'evalc.yaml': root,
        'tasks/t1.yaml': task(
          't1',
          '&bind { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }',
        ),
        'tasks/t2.yaml': task('t2', '*bind'),
      }),
    ).toEqual([
      'EVALC_YAML_ALIAS tasks/t2.yaml:3:15 | YAML anchors do not cross files: &bind is set in tasks/t1.yaml:3:15; write the value here (or keep both in one file)',
    ]);
  });

  it('keeps the plain hint when no file of the plan sets the anchor', async () => {
    const root = 'evalc: 1\nbenchmark: { id: b }\ninclude: [t2.yaml]\n';
    expect(await aliasDiagnostics({ 'evalc.yaml': root, 't2.yaml': task('t2', '*bind') })).toEqual([
      'EVALC_YAML_ALIAS t2.yaml:3:15 | set the anchor (&bind) on a value above this line, or write the value here',
    ]);
  });
});

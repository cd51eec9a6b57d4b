/**
 * QA142: DESIGN §6's `evalc validate` checks "schema + references + templates + JMESPath" and the
 * README says diagnostics "are collected, never first-only". A binding whose `output:` held one
 * JMESPath expression that does not compile was left out of the plan's groups, so nothing else of
 * it was checked: its input template's unknown variable (and a metric's unknown expected path)
 * appeared only after the JMESPath error was fixed. Both are now said in one run.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

function workspace(output: string, input: string): string {
  assertBuilt();
  const ws = tempWorkspace('qa142-validate-binding');
  cleanups.push(ws.cleanup);
  writeFileSync(
    path.join(ws.dir, 'd.jsonl'),
    `${['e1', 'e2'].map((id) => JSON.stringify({ id, vars: { q: id }, expected: { answer: id } })).join('\n')}\n`,
  );
  writeFileSync(
    path.join(ws.dir, 'evalc.yaml'),
    [
      'evalc: 1',
      'benchmark: { id: qa142, version: 1.0.0 }',
      'agents:',
      '  a1: { protocol: raip, url: "http://127.0.0.1:9" }',
      'tasks:',
      '  t:',
      '    bindings:',
      '      default:',
      `        input: { query: "${input}" }`,
      `        output: { answer: "${output}", other: "output.other" }`,
      '    datasets:',
      '      d: { source: d.jsonl }',
      '    metrics:',
      '      - { type: exact_match, candidate: answer, expected: answr }',
      '',
    ].join('\n'),
  );
  return ws.dir;
}

describe('validate with a JMESPath error in a binding (QA142)', () => {
  it('still checks the binding’s template and its metrics, in the same run', async () => {
    const dir = workspace('output.[answer', '{{qq}}');
    const run = await runCli(['validate', '--json'], { cwd: dir });
    expect(run.code).toBe(65);
    const codes = (
      JSON.parse(run.stdout) as { diagnostics: Array<{ code: string; source?: { line: number } }> }
    ).diagnostics
      .map((d) => `${d.code}@${d.source?.line}`)
      .sort();
    expect(codes).toContain('EVALC_BIND_JMESPATH@10');
    expect(codes).toContain('EVALC_BIND_UNKNOWN_VAR@9');
    expect(codes).toContain('EVALC_REF_EXPECTED@14');
  });

  it('says the same of the template and the metric once the expression is fixed', async () => {
    const dir = workspace('output.answer', '{{qq}}');
    const run = await runCli(['validate', '--json'], { cwd: dir });
    expect(run.code).toBe(65);
    const codes = (
      JSON.parse(run.stdout) as { diagnostics: Array<{ code: string; source?: { line: number } }> }
    ).diagnostics
      .map((d) => `${d.code}@${d.source?.line}`)
      .sort();
    expect(codes).toEqual(['EVALC_BIND_UNKNOWN_VAR@9', 'EVALC_REF_EXPECTED@14']);
  });
});

/**
 * A plan split over files (QA10): two task files both include one shared file (common metrics,
 * a shared task). The shared file was merged twice: "tasks.tc is defined in more than one file"
 * (it is one file) and every global metric appeared twice (EVALC_METRIC_DUPLICATE).
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const task = (id: string) => `tasks:
  ${id}:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi } } ] } }
`;

async function validate(files: Record<string, string>) {
  const dir = writeFiles(files, 'evalc-qa10-include-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  return {
    code: result.code,
    diagnostics: (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics,
  };
}

describe('a file included from two places', () => {
  it('is merged once: no conflict with itself, no duplicated metrics', async () => {
    const { code, diagnostics } = await validate({
      'evalc.yaml': `evalc: 1
benchmark: { id: diamond, version: 1.0.0 }
include: [a.yaml, b.yaml]
agents:
  x: { protocol: raip, url: "http://127.0.0.1:7101" }
`,
      'a.yaml': `include: [shared.yaml]\n${task('ta')}`,
      'b.yaml': `include: [shared.yaml]\n${task('tb')}`,
      'shared.yaml': `metrics:\n  - { type: pass_rate }\n${task('tc')}`,
    });
    expect(diagnostics).toEqual([]);
    expect(code).toBe(0);
  });

  it('still reports a task defined in two different files, and an include cycle', async () => {
    const { diagnostics } = await validate({
      'evalc.yaml': `evalc: 1
benchmark: { id: diamond, version: 1.0.0 }
include: [a.yaml, b.yaml]
agents:
  x: { protocol: raip, url: "http://127.0.0.1:7101" }
`,
      'a.yaml': `include: [b.yaml]\n${task('t1')}`,
      'b.yaml': `include: [a.yaml]\n${task('t1')}`,
    });
    const codes = diagnostics.map((d) => `${d.code} ${d.source?.file}`).sort();
    expect(codes).toEqual(['EVALC_INCLUDE_CONFLICT b.yaml', 'EVALC_INCLUDE_CYCLE b.yaml'].sort());
  });
});

/**
 * `evalc lint` (DESIGN §4 benchmark integrity: dataset lint, duplicates and empty expected) on a
 * real plan: two examples with the same input are reported, whatever lines they sit on.
 */
import { describe, expect, it } from 'vitest';
import { lintCommand } from '../../src/cli/lint.js';
import { writeFiles } from '../compiler/plan-helpers.js';
import { runCommand } from './run-cli.js';

const PLAN = `evalc: 1
benchmark: { id: lint, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { source: d.jsonl }
      inline: { examples: [ { id: i1, vars: { q: same } }, { id: i2, vars: { q: same } } ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;
const DATA = [
  '{"id":"a","vars":{"q":"same"},"expected":{"answer":"x"}}',
  '{"id":"b","vars":{"q":"same"},"expected":{"answer":"x"}}',
  '{"id":"c","vars":{"q":"other"},"expected":{"answer":"y"}}',
].join('\n');

interface LintJson {
  datasets: { dataset: string; findings: { code: string; examples: string[] }[] }[];
}

describe('evalc lint', () => {
  it('finds examples with the same input in a file and in inline examples', async () => {
    const dir = writeFiles({ 'evalc.yaml': PLAN, 'd.jsonl': `${DATA}\n` }, 'evalc-qa-lint-');
    const result = await runCommand(lintCommand, ['--json'], { cwd: dir });
    const report = JSON.parse(result.stdout) as LintJson;
    const duplicates = (dataset: string) =>
      report.datasets
        .find((d) => d.dataset === dataset)
        ?.findings.filter((f) => f.code === 'EVALC_LINT_DUPLICATE_INPUT')
        .map((f) => f.examples);
    expect(duplicates('t/d')).toEqual([['a', 'b']]);
    expect(duplicates('t/inline')).toEqual([['i1', 'i2']]);
    expect(result.code).toBe(0);
  });

  it('lists the examples of a finding once in the text output', async () => {
    const dir = writeFiles({ 'evalc.yaml': PLAN, 'd.jsonl': `${DATA}\n` }, 'evalc-qa-lint-');
    const result = await runCommand(lintCommand, [], { cwd: dir });
    expect(result.stdout).toContain(
      't/d: warning EVALC_LINT_DUPLICATE_INPUT: 2 examples have the same input',
    );
    expect(result.stdout).not.toContain('a, b (a, b)');
  });
});

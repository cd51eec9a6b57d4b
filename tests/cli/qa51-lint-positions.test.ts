/**
 * QA51: `evalc lint` names where each finding is (`file:line:col` of its first example, in the text
 * and as `source` in --json; it printed only ids), and a dataset scored only by metrics that read no
 * expected value (a judge, pass_rate) is not "empty expected" (every example of it was).
 */
import { describe, expect, it } from 'vitest';
import { lintCommand } from '../../src/cli/lint.js';
import { writeFiles } from '../compiler/plan-helpers.js';
import { runCommand } from './run-cli.js';

const PLAN = `evalc: 1
benchmark: { id: lint-at }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
judges:
  j: { protocol: openai, url: http://127.0.0.1:7102/v1, model: m }
tasks:
  t:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { source: data/d.jsonl }
      inline:
        examples:
          - { id: i1, vars: { q: one }, expected: { answer: x } }
          - { id: i2, vars: { q: same }, expected: { answer: x } }
          - { id: i3, vars: { q: same }, expected: { answer: x } }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
  poem:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      open: { source: data/open.jsonl }
    metrics:
      - { type: judge, judge: j, content: "{{candidate.answer}}" }
metrics:
  - { type: pass_rate }
`;
const D = [
  '{"id":"a","vars":{"q":"first"},"expected":{"answer":"x"}}',
  '',
  '{"id":"b","vars":{"q":"dup"},"expected":{"answer":"x"}}',
  '{"id":"c","vars":{"q":"dup"},"expected":{"answer":"y"}}',
  '{"id":"e","vars":{"q":"no answer"}}',
].join('\n');
const OPEN = ['{"id":"p1","vars":{"q":"write a poem"}}', '{"id":"p2","vars":{"q":"write a song"}}'].join(
  '\n',
);

interface LintJson {
  datasets: {
    dataset: string;
    findings: { code: string; examples: string[]; source?: { file: string; line: number; col: number } }[];
  }[];
}

describe('evalc lint positions and expected-free datasets (QA51)', () => {
  const files = { 'evalc.yaml': PLAN, 'data/d.jsonl': `${D}\n`, 'data/open.jsonl': `${OPEN}\n` };

  it('prints each finding at its first example', async () => {
    const dir = writeFiles(files, 'evalc-qa51-lint-');
    const result = await runCommand(lintCommand, [], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').filter(Boolean)).toEqual([
      'data/d.jsonl:3:1: t/d: warning EVALC_LINT_DUPLICATE_INPUT: 2 examples have the same input (vars, turns, tools, policies, human): b, c',
      'data/d.jsonl:5:1: t/d: warning EVALC_LINT_EMPTY_EXPECTED: 1 example(s) have an empty expected value and no expected_sha256: e',
      'evalc.yaml:15:13: t/inline: warning EVALC_LINT_DUPLICATE_INPUT: 2 examples have the same input (vars, turns, tools, policies, human): i2, i3',
      'poem/open: clean',
    ]);
  });

  it('gives the position as source in --json, relative to the current folder', async () => {
    const dir = writeFiles(files, 'evalc-qa51-lint-');
    const result = await runCommand(lintCommand, ['--json', `${dir}/evalc.yaml`], { cwd: `${dir}/data` });
    const report = JSON.parse(result.stdout) as LintJson;
    const d = report.datasets.find((x) => x.dataset === 't/d');
    expect(d?.findings.map((f) => [f.code, f.source])).toEqual([
      ['EVALC_LINT_DUPLICATE_INPUT', { file: 'd.jsonl', line: 3, col: 1 }],
      ['EVALC_LINT_EMPTY_EXPECTED', { file: 'd.jsonl', line: 5, col: 1 }],
    ]);
    expect(report.datasets.find((x) => x.dataset === 'poem/open')?.findings).toEqual([]);
  });
});

describe('evalc lint: expected values a metric reads (QA51)', () => {
  const plan = `evalc: 1
benchmark: { id: lint-paths }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: "output.answer", codes: "output.codes" } } }
    datasets:
      d: { source: d.jsonl }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
      - { type: exact_match, id: codes, candidate: codes, expected: codes, mode: set }
`;
  const data = [
    '{"id":"a","vars":{"q":"a"},"expected":{"answer":"x","codes":["C1"]}}',
    '{"id":"none","vars":{"q":"unknown course"},"expected":{"answer":"none","codes":[]}}',
    '{"id":"b","vars":{"q":"b"},"expected":{"codes":["C2"]}}',
  ].join('\n');

  it('names the example that lacks the expected path a metric reads, not an empty list meant as "none"', async () => {
    const dir = writeFiles({ 'evalc.yaml': plan, 'd.jsonl': `${data}\n` }, 'evalc-qa51-lint-');
    const result = await runCommand(lintCommand, [], { cwd: dir });
    expect(result.stdout).toBe(
      'd.jsonl:3:1: t/d: warning EVALC_LINT_EMPTY_EXPECTED: 1 example(s) have an empty expected value and no expected_sha256 (1 lack expected.answer, which a metric reads): b\n',
    );
  });
});

describe("evalc lint: the plan's warnings (QA51)", () => {
  const plan = `evalc: 1
benchmark: { id: lint-warn }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { source: d.jsonl }
    metrics:
      - { type: exact_match, candidate: answer }
`;
  // A typo of `expected`: lint's empty-expected finding has its cause in validate's warning.
  const data = '{"id":"a","vars":{"q":"a"},"expeted":"x"}\n';

  it('prints them on stderr before the findings, and as diagnostics in --json', async () => {
    const dir = writeFiles({ 'evalc.yaml': plan, 'd.jsonl': data }, 'evalc-qa51-lint-');
    const text = await runCommand(lintCommand, [], { cwd: dir });
    expect(text.code).toBe(0);
    expect(text.stderr).toMatch(/^d.jsonl:1:\d+: warning EVALC_EXAMPLE_UNKNOWN_KEY/);
    expect(text.stdout).toContain('EVALC_LINT_EMPTY_EXPECTED');
    const json = await runCommand(lintCommand, ['--json'], { cwd: dir });
    expect(json.stderr).toBe('');
    const out = JSON.parse(json.stdout) as { diagnostics: { code: string; severity: string }[] };
    expect(out.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['EVALC_EXAMPLE_UNKNOWN_KEY', 'warning'],
    ]);
  });
});

/**
 * `evalc validate` on a plan with fifteen different mistakes spread over an include tree:
 * every one is reported, each at the file:line:col checked by hand against the fixture.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { FIXTURE_PLANS, runCommand, spawnCli } from '../cli/run-cli.js';

const DIR = path.join(FIXTURE_PLANS, 'ten-mistakes');
const BASIC = path.join(FIXTURE_PLANS, 'basic');

/** Positions counted by hand in tests/fixtures/plans/ten-mistakes/*. */
const EXPECTED: [string, string][] = [
  ['EVALC_YAML_ALIAS', 'bomb.yaml:1:1'],
  ['EVALC_INCLUDE_CYCLE', 'cycle-b.yaml:3:5'],
  ['EVALC_EXAMPLE_DUPLICATE_ID', 'datasets/search.jsonl:3:1'],
  ['EVALC_YAML_DUPLICATE_KEY', 'dup-key.yaml:6:5'],
  ['EVALC_SCHEMA_VALUE', 'evalc.yaml:10:15'],
  ['EVALC_SECRET_PLACEMENT', 'evalc.yaml:17:19'],
  ['EVALC_BIND_UNKNOWN_VAR', 'evalc.yaml:20:50'],
  // Warnings: the chat agent a4 gets the default binding, and chat replies have no `output`.
  ['EVALC_BIND_FIELD', 'evalc.yaml:21:27'],
  ['EVALC_BIND_FIELD', 'evalc.yaml:21:51'],
  ['EVALC_BIND_JMESPATH', 'evalc.yaml:24:72'], // at the expression's end (its closing quote)
  ['EVALC_REF_AGENT', 'evalc.yaml:25:7'],
  ['EVALC_REF_CANDIDATE', 'evalc.yaml:30:41'],
  ['EVALC_REF_METRIC_TYPE', 'evalc.yaml:31:17'],
  ['EVALC_REF_JUDGE', 'evalc.yaml:32:31'],
  ['EVALC_SCHEMA_UNKNOWN_KEY', 'evalc.yaml:33:1'],
  ['EVALC_SCHEMA_TYPE', 'evalc.yaml:35:17'],
  ['EVALC_YAML_TAG', 'tagged.yaml:2:18'],
];

describe('evalc validate on a plan full of mistakes', () => {
  it('reports every mistake, across included files, each at its file:line:col', async () => {
    const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: DIR });
    const parsed = JSON.parse(result.stdout) as { ok: boolean; exitCode: number; diagnostics: Diagnostic[] };
    expect(parsed.ok).toBe(false);
    expect(parsed.exitCode).toBe(65);
    expect(result.code).toBe(65);
    const found = parsed.diagnostics.map((d): [string, string] => [
      d.code,
      `${d.source?.file}:${d.source?.line}:${d.source?.col}`,
    ]);
    expect(found).toEqual(EXPECTED);
    expect(parsed.diagnostics.filter((d) => d.severity === 'warning').map((d) => d.code)).toEqual([
      'EVALC_BIND_FIELD',
      'EVALC_BIND_FIELD',
    ]);
  });

  it('gives each diagnostic a plan path, a one-line message and, where useful, a hint', async () => {
    const result = await runCommand(validateCommand, ['--json', 'evalc.yaml'], { cwd: DIR });
    const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] };
    const byCode = new Map(diagnostics.map((d) => [d.code, d]));
    expect(byCode.get('EVALC_SCHEMA_UNKNOWN_KEY')).toMatchObject({
      path: ['metircs'],
      hint: 'did you mean `metrics`?',
    });
    expect(byCode.get('EVALC_REF_JUDGE')).toMatchObject({
      path: ['tasks', 'search', 'metrics', 2, 'judge'],
      hint: 'did you mean `strict`?',
    });
    expect(byCode.get('EVALC_BIND_UNKNOWN_VAR')).toMatchObject({
      path: ['tasks', 'search', 'bindings', 'default', 'input', 'level'],
      hint: 'did you mean `level`?',
    });
    expect(byCode.get('EVALC_SCHEMA_VALUE')?.hint).toBe('did you mean `raip`?');
    for (const d of diagnostics) expect(d.message).not.toContain('\n');
  });

  it('renders each diagnostic with a caret under the column and a summary line', async () => {
    const result = await runCommand(validateCommand, ['evalc.yaml'], { cwd: DIR });
    expect(result.code).toBe(65);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatchInlineSnapshot(`
      "bomb.yaml:1:1: error EVALC_YAML_ALIAS: too many alias expansions (Excessive alias count indicates a resource exhaustion attack)
         1 | prices:
           | ^
        hint: aliases may expand at most 100 times
      cycle-b.yaml:3:5: error EVALC_INCLUDE_CYCLE: include cycle: cycle-a.yaml → cycle-b.yaml → cycle-a.yaml
         3 |   - cycle-a.yaml
           |     ^
      datasets/search.jsonl:3:1: error EVALC_EXAMPLE_DUPLICATE_ID: duplicate example id "s1" in dataset course-search
         3 | {"id":"s1","vars":{"user_query":"graphics","level":"intro"},"expected":{"codes":["CS148"]}}
           | ^
        hint: first defined at datasets/search.jsonl:1
      dup-key.yaml:6:5: error EVALC_YAML_DUPLICATE_KEY: \`model\` is written again in this mapping (first at line 5, column 5): a key may appear once
         6 |     model: llama3
           |     ^
        hint: keep one \`model\`
      evalc.yaml:10:15: error EVALC_SCHEMA_VALUE: agents.a2.protocol: unknown protocol "rapi"
        10 |     protocol: rapi
           |               ^
        hint: did you mean \`raip\`?
      evalc.yaml:17:19: error EVALC_SECRET_PLACEMENT: \${env.STUDENT} is only allowed in headers and serve.env
        17 |     instructions: "Find courses for \${env.STUDENT}."
           |                   ^
        hint: secrets never enter content keys; pass non-secret values in the plan itself
      evalc.yaml:20:50: error EVALC_BIND_UNKNOWN_VAR: template fails for dataset course-search, examples s1, s2 (2 of 2): "levle" is not defined
        20 |         input: { query: "{{user_query}}", level: "{{levle}}" }
           |                                                  ^
        hint: did you mean \`level\`?
      evalc.yaml:21:27: warning EVALC_BIND_FIELD: agent \`a4\` (chat) replies have no \`output\`: \`answer\` would fail to extract for every example
        21 |         output: { answer: "output.answer", codes: "output.courses[].code" }
           |                           ^
        hint: a chat reply has messages, model, provider, usage, metadata; give a4 its own binding
      evalc.yaml:21:51: warning EVALC_BIND_FIELD: agent \`a4\` (chat) replies have no \`output\`: \`codes\` would fail to extract for every example
        21 |         output: { answer: "output.answer", codes: "output.courses[].code" }
           |                                                   ^
        hint: a chat reply has messages, model, provider, usage, metadata; give a4 its own binding
      evalc.yaml:24:72: error EVALC_BIND_JMESPATH: JMESPath expression does not compile: Syntax error: expected Rbracket, got: EOF
        24 |         output: { answer: "output.answer", codes: "output.courses[?code" }
           |                                                                        ^
        hint: the expression ends too early: close each \`[\`, \`{\` and \`(\` it opens
      evalc.yaml:25:7: error EVALC_REF_AGENT: binding for unknown agent \`a3\`
        25 |       a3:
           |       ^
        hint: did you mean \`a1\`?
      evalc.yaml:30:41: error EVALC_REF_CANDIDATE: unknown candidate \`code\` (not an output of this task's bindings)
        30 |       - { type: exact_match, candidate: code, expected: codes, mode: set }
           |                                         ^
        hint: did you mean \`codes\`?
      evalc.yaml:31:17: error EVALC_REF_METRIC_TYPE: unknown metric type \`exact_macth\`
        31 |       - { type: exact_macth, candidate: answer }
           |                 ^
        hint: did you mean \`exact_match\`?
      evalc.yaml:32:31: error EVALC_REF_JUDGE: unknown judge \`strcit\`
        32 |       - { type: judge, judge: strcit, content: "{{candidate.answer}}" }
           |                               ^
        hint: did you mean \`strict\`?
      evalc.yaml:33:1: error EVALC_SCHEMA_UNKNOWN_KEY: unknown key \`metircs\`
        33 | metircs:
           | ^
        hint: did you mean \`metrics\`?
      evalc.yaml:35:17: error EVALC_SCHEMA_TYPE: run.repeats: expected number, got the string "three"
        35 | run: { repeats: three, seed: 7 }
           |                 ^
      tagged.yaml:2:18: error EVALC_YAML_TAG: Unresolved tag: !rubric (custom tags are not allowed)
         2 |   course-advice: !rubric
           |                  ^
        hint: remove the tag; plans are plain YAML data
      15 errors, 2 warnings
      "
    `);
  });
});

describe('evalc validate exit codes (real CLI)', () => {
  it('exits 65 for an invalid plan and prints the diagnostics on stderr', () => {
    const result = spawnCli(['validate', 'evalc.yaml'], { cwd: DIR });
    expect(result.code).toBe(65);
    expect(result.stderr).toContain('evalc.yaml:33:1: error EVALC_SCHEMA_UNKNOWN_KEY');
    expect(result.stderr).toMatch(/15 errors, 2 warnings\n$/);
  });

  it('exits 64 for an unknown flag', () => {
    const result = spawnCli(['validate', '--frobnicate', 'evalc.yaml'], { cwd: BASIC });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('usage: evalc validate');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('exits 0 for a valid plan and says how much it holds', () => {
    const result = spawnCli(['validate'], { cwd: BASIC });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('evalc.yaml: valid (4 examples, 2 agent × task × dataset groups)\n');
  });

  it('mirrors the exit code in --json', () => {
    const result = spawnCli(['validate', '--json'], { cwd: BASIC });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ok: true, exitCode: 0, diagnostics: [] });
  });
});

/**
 * Typical typos a plan author makes (QA from DESIGN §2): each diagnostic names what is wrong,
 * where (file:line:col counted by hand below) and what was probably meant.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from '../compiler/plan-helpers.js';

const PLAN = `evalc: 1
benchmark: { id: typos, version: 1.0.0 }
agents:
  a1:
    protocl: raip
    url: http://127.0.0.1:7101
  a2: { protocol: chat }
tasks:
  t:
    instructions: "x"
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer, treshold: 1 }
      - { type: exact_match, id: em2, candidate: answer, mode: sett }
gates:
  - { metric: exact_match, scope: dataset, dataset: dd, min: 0.5 }
  - { metric: exact_match, regression: { max_drop: 0.02, signifcance: 0.05 } }
`;

async function diagnose(): Promise<Diagnostic[]> {
  const dir = writeFiles({ 'evalc.yaml': PLAN }, 'evalc-qa-typos-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  expect(result.code).toBe(65);
  return (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

describe('validate on misspelt keys', () => {
  it('reports a misspelt `protocol:` as the missing field, at the misspelt key, with a hint', async () => {
    const found = (await diagnose()).find((d) => d.path.join('.') === 'agents.a1.protocol');
    expect(found).toMatchObject({
      code: 'EVALC_SCHEMA_MISSING',
      message: 'missing required field `protocol` in agents.a1',
      source: { file: 'evalc.yaml', line: 5, col: 5 },
    });
    expect(found?.hint).toContain('did you mean `protocol`?');
    expect(found?.message).not.toContain('undefined');
  });

  it('names the mapping a required field is missing from', async () => {
    const found = (await diagnose()).find((d) => d.path.join('.') === 'agents.a2.url');
    expect(found).toMatchObject({
      code: 'EVALC_SCHEMA_MISSING',
      message: 'missing required field `url` in agents.a2',
      source: { file: 'evalc.yaml', line: 7, col: 7 },
    });
  });

  it('suggests `threshold` for a misspelt common metric key', async () => {
    const found = (await diagnose()).find((d) => d.code === 'EVALC_METRIC_PARAM_UNKNOWN');
    expect(found).toMatchObject({
      message: 'exact_match: unknown key `treshold`',
      hint: 'did you mean `threshold`?',
      source: { file: 'evalc.yaml', line: 18, col: 67 },
    });
  });

  it('names the metric parameter with a bad option and suggests the closest one', async () => {
    const found = (await diagnose()).find((d) => d.code === 'EVALC_METRIC_PARAM');
    expect(found).toMatchObject({
      message: 'exact_match: mode: Invalid option: expected one of "scalar"|"set"|"list"',
      hint: 'did you mean `set`?',
      source: { file: 'evalc.yaml', line: 19, col: 64 },
    });
  });

  it('reports a gate naming an unknown dataset', async () => {
    const found = (await diagnose()).find((d) => d.code === 'EVALC_REF_DATASET');
    expect(found).toMatchObject({
      message: 'gate names unknown dataset `dd`',
      hint: 'did you mean `d`?',
      source: { file: 'evalc.yaml', line: 21, col: 53 },
    });
  });

  it('suggests the real key for a typo inside a gate regression, never the typo itself', async () => {
    const found = (await diagnose()).find((d) => d.path.join('.') === 'gates.1.regression.signifcance');
    expect(found).toMatchObject({ code: 'EVALC_SCHEMA_UNKNOWN_KEY', hint: 'did you mean `significance`?' });
  });

  it('speaks of mappings and lists, not zod records', async () => {
    const dir = writeFiles(
      {
        'evalc.yaml': 'evalc: 1\nbenchmark: { id: b }\nagents:\n  - a1\ntasks: {}\n',
      },
      'evalc-qa-typos-',
    );
    const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
    const found = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics[0];
    expect(found).toMatchObject({
      code: 'EVALC_SCHEMA_TYPE',
      message: 'agents: expected a mapping, got a list',
      source: { file: 'evalc.yaml', line: 4, col: 3 },
    });
  });

  it('hints to quote a version that YAML read as a number', async () => {
    const dir = writeFiles(
      { 'evalc.yaml': 'evalc: 1\nbenchmark: { id: b, version: 1.0 }\n' },
      'evalc-qa-typos-',
    );
    const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
    const found = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics[0];
    expect(found).toMatchObject({
      code: 'EVALC_SCHEMA_TYPE',
      message: 'benchmark.version: expected string, got number 1',
      source: { file: 'evalc.yaml', line: 2, col: 30 },
    });
    expect(found?.hint).toContain('version: "1.0"');
  });
});

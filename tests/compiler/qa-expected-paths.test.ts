/**
 * A metric's `expected: PATH` (or `reference:`, or `vars.X`) that no example of a dataset has
 * would make that metric a metric_error on every example: validate warns at the path (a warning,
 * so that `evalc lint` still runs on a dataset without expected values).
 * Datasets with scalar expected values or hashed ground truth are scored whole / from the hash.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { loadDatasetPlan, writeFiles } from './plan-helpers.js';

const planWith = (metric: string, examples: string) => `evalc: 1
benchmark: { id: paths, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: ${examples} }
    metrics:
      - ${metric}
`;

const OBJECT_EXPECTED =
  '[ { id: e1, vars: { q: hi }, expected: { answer: hi } }, { id: e2, vars: { q: ho } } ]';

async function validate(metric: string, examples = OBJECT_EXPECTED) {
  const dir = writeFiles({ 'evalc.yaml': planWith(metric, examples) }, 'evalc-qa-paths-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  return {
    code: result.code,
    diagnostics: (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics,
  };
}

describe('expected paths of metrics', () => {
  it('warns about a path no example has, at the path, with a did-you-mean', async () => {
    const { code, diagnostics } = await validate('{ type: exact_match, candidate: answer, expected: answr }');
    expect(code).toBe(0);
    expect(diagnostics).toEqual([
      expect.objectContaining({
        code: 'EVALC_REF_EXPECTED',
        severity: 'warning',
        message: '`exact_match` reads expected.answr, which no example of dataset d has',
        hint: 'did you mean `answer`?',
        source: { file: 'evalc.yaml', line: 14, col: 59 },
      }),
    ]);
  });

  it('says nothing of a path no example has when rows of the dataset were refused (QA170)', async () => {
    // The value may be on a refused row: it read "which no example of dataset d has" beside the
    // row's own error, a JSONL line with a trailing comma or the CSV rows below an unclosed quote.
    const metric = ['{ type: exact_match, candidate: answer, expected: answer }'];
    const said = async (source: string, text: string) =>
      (await loadDatasetPlan(source, { [source]: text }, metric)).diagnostics.map((d) => d.code);
    expect(
      await said(
        'd.jsonl',
        '{"id":"1","vars":{"q":"a"}}\n{"id":"2","vars":{"q":"b"},"expected":{"answer":"x"},}\n',
      ),
    ).toEqual(['EVALC_DATASET_PARSE']);
    expect(await said('d.csv', 'id,q,expected.answer\n1,a,\n2,"b,x\n3,c,y\n')).toEqual([
      'EVALC_DATASET_PARSE',
    ]);
    expect(
      await said(
        'd.jsonl',
        '{"id":"1","vars":{"q":"a"}}\n{"id":"2","vars":{"q":"b"},"weight":"x","expected":{"answer":"x"}}\n',
      ),
    ).toEqual(['EVALC_EXAMPLE_INVALID']);
    // Every row read: still said.
    expect(await said('d.jsonl', '{"id":"1","vars":{"q":"a"}}\n')).toEqual(['EVALC_REF_EXPECTED']);
  });

  it('warns about a vars path no example has', async () => {
    const { diagnostics } = await validate('{ type: exact_match, expected: vars.qq }');
    expect(diagnostics.map((d) => [d.code, d.hint])).toEqual([['EVALC_REF_EXPECTED', 'did you mean `q`?']]);
  });

  it('accepts a path some example has, scalar expected values, hashes, and overriding params', async () => {
    expect(await validate('{ type: exact_match, expected: answer }')).toEqual({ code: 0, diagnostics: [] });
    expect(
      await validate(
        '{ type: exact_match, expected: answer }',
        '[ { id: e1, vars: { q: hi }, expected: hi } ]',
      ),
    ).toEqual({
      code: 0,
      diagnostics: [],
    });
    expect(
      await validate(
        '{ type: exact_match, expected: answer }',
        '[ { id: e1, vars: { q: hi }, expected_sha256: abc } ]',
      ),
    ).toEqual({ code: 0, diagnostics: [] });
    expect(await validate('{ type: contains, expected: nothing, value: hi }')).toEqual({
      code: 0,
      diagnostics: [],
    });
  });
});

/**
 * QA98: `evalc lint` on the fields a metric reads without an `expected:`. A bare
 * `{ type: exact_match }` compares `answer` with `expected.answer` of an example that holds it, else
 * with the whole expected mapping (src/metrics/README.md "Resolution rules"): in a checker's run one
 * example without `answer` (`{"codes": ["a"], "num": 7}`) was compared whole with the text `PARIS`
 * and scored 0 with no reason, and lint said the dataset was clean. A bare `tool_call_match` reads
 * `expected.tool_calls` (its default path): an example without it is a metric_error, also unflagged.
 * Both now count as EVALC_LINT_EMPTY_EXPECTED, as an explicit `expected: answer` already did (QA51);
 * a field no example holds (the whole mapping is the expected value) is no finding.
 */
import { describe, expect, it } from 'vitest';
import { lintCommand } from '../../src/cli/lint.js';
import { writeFiles } from '../compiler/plan-helpers.js';
import { runCommand } from './run-cli.js';

function plan(metrics: string, output = '{ answer: "output.answer" }'): string {
  return `evalc: 1
benchmark: { id: lint-implicit }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
tasks:
  t:
    bindings: { default: { input: { query: "{{q}}" }, output: ${output} } }
    datasets:
      d: { source: d.jsonl }
    metrics: ${metrics}
`;
}

const DATA = [
  '{"id":"e1","vars":{"q":"a"},"expected":{"answer":"Paris","tool_calls":["search"]}}',
  '{"id":"e2","vars":{"q":"b"},"expected":{"answer":"Rome","tool_calls":[]}}',
  '{"id":"e6","vars":{"q":"c"},"expected":{"codes":["a"],"num":7}}',
].join('\n');

async function lint(metrics: string, data = DATA, output?: string): Promise<string[]> {
  const dir = writeFiles({ 'evalc.yaml': plan(metrics, output), 'd.jsonl': `${data}\n` }, 'evalc-qa98-lint-');
  const result = await runCommand(lintCommand, [], { cwd: dir });
  expect(result.code).toBe(0);
  return result.stdout.split('\n').filter(Boolean);
}

describe('evalc lint: fields read without expected: (QA98)', () => {
  it('flags an example without the answer a bare exact_match reads', async () => {
    expect(await lint('[ { type: exact_match } ]')).toEqual([
      'd.jsonl:3:1: t/d: warning EVALC_LINT_EMPTY_EXPECTED: 1 example(s) have an empty expected value and no expected_sha256 (1 lack expected.answer, which a metric reads): e6',
    ]);
  });

  it("reads the candidate's name: candidate:, else the only output", async () => {
    const data = [
      '{"id":"e1","vars":{"q":"a"},"expected":{"codes":["x"]}}',
      '{"id":"e2","vars":{"q":"b"},"expected":{"answer":"y"}}',
    ].join('\n');
    expect(
      await lint(
        '[ { type: contains, candidate: codes } ]',
        data,
        '{ answer: "output.answer", codes: "output.codes" }',
      ),
    ).toEqual([
      'd.jsonl:2:1: t/d: warning EVALC_LINT_EMPTY_EXPECTED: 1 example(s) have an empty expected value and no expected_sha256 (1 lack expected.codes, which a metric reads): e2',
    ]);
    expect(await lint('[ { type: f1 } ]', data, '{ codes: "output.codes" }')).toEqual([
      'd.jsonl:2:1: t/d: warning EVALC_LINT_EMPTY_EXPECTED: 1 example(s) have an empty expected value and no expected_sha256 (1 lack expected.codes, which a metric reads): e2',
    ]);
  });

  it("flags an example without a bare tool_call_match's tool_calls", async () => {
    expect(await lint('[ { type: tool_call_match } ]')).toEqual([
      'd.jsonl:3:1: t/d: warning EVALC_LINT_EMPTY_EXPECTED: 1 example(s) have an empty expected value and no expected_sha256 (1 lack expected.tool_calls, which a metric reads): e6',
    ]);
  });

  it('says nothing when no example holds the field (the whole mapping is compared)', async () => {
    const data = [
      '{"id":"e1","vars":{"q":"a"},"expected":{"city":"Paris"}}',
      '{"id":"e2","vars":{"q":"b"},"expected":{"city":"Rome"}}',
    ].join('\n');
    expect(await lint('[ { type: exact_match } ]', data)).toEqual(['t/d: clean']);
  });
});

/**
 * QA264: a judge metric written `reference: "{{expected.answer}}"`, as its `content:` beside it is a
 * template, warned EVALC_REF_EXPECTED "reads expected.{{expected.answer}}" with the hint "the examples
 * have expected: answer", which did not say that `reference:` (like `expected:`) is a path, not a
 * template. The hint now says so and writes the path the placeholder names.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from './plan-helpers.js';

async function warningsFor(
  metric: string,
  rows = '{"id":"a","vars":{"q":"x"},"expected":{"answer":"Paris"}}\n',
): Promise<string[]> {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: ds, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
judges:
  llm: { protocol: openai, url: http://127.0.0.1:7202/v1, model: judge-1 }
rubrics:
  r: { dimensions: [{ id: correct, description: "matches the reference", weight: 1 }] }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { source: d.jsonl }
    metrics:
      - ${metric}
`,
    'd.jsonl': rows,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    cacheDir: path.join(dir, '.evalc/cache'),
    offline: true,
  });
  return r.diagnostics.map((d) => `${d.code} ${d.message} | ${d.hint ?? ''}`);
}

const judge = (reference: string) =>
  `{ type: judge, judge: llm, rubric: r, content: "{{candidate.answer}}", reference: ${reference} }`;

describe('reference: and expected: written as templates (QA264)', () => {
  it('says reference: is a path and writes the one the placeholder names', async () => {
    expect(await warningsFor(judge('"{{expected.answer}}"'))).toEqual([
      "EVALC_REF_EXPECTED `judge` reads expected.{{expected.answer}}, which no example of dataset d has | `reference:` is a path into the example's expected value (or `vars.NAME`), not a template: write `reference: answer`",
    ]);
  });

  it('says so of expected: too, a placeholder of vars kept as vars.NAME', async () => {
    expect(await warningsFor('{ type: exact_match, candidate: answer, expected: "{{vars.q}}" }')).toEqual([
      "EVALC_REF_EXPECTED `exact_match` reads expected.{{vars.q}}, which no example of dataset d has | `expected:` is a path into the example's expected value (or `vars.NAME`), not a template: write `expected: vars.q`",
    ]);
  });

  it('writes no path for a candidate placeholder, and leaves a plain path alone', async () => {
    expect(await warningsFor(judge('"{{candidate.answer}}"'))).toEqual([
      "EVALC_REF_EXPECTED `judge` reads expected.{{candidate.answer}}, which no example of dataset d has | `reference:` is a path into the example's expected value (or `vars.NAME`), not a template",
    ]);
    expect(await warningsFor(judge('answer'))).toEqual([]);
  });
});

describe('an expected value written at the example top level (QA264)', () => {
  it('says where expected values go', async () => {
    const flat = '{"id":"q1","vars":{"q":"x"},"answer":"Paris"}\n';
    expect(await warningsFor('{ type: exact_match, candidate: answer, expected: answer }', flat)).toEqual([
      'EVALC_REF_EXPECTED `exact_match` reads expected.answer, which no example of dataset d has | example q1 has `answer` at its top level, kept as data: a metric reads an example\'s `expected` ({"id": …, "expected": {"answer": …}})',
    ]);
  });
});

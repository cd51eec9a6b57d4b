/**
 * QA159: a judge metric on an evalc built-in rubric (`generic`, …) is sent each example's expected
 * value, which the rubric compares the answer with. Over a dataset whose examples have none,
 * validate warns (EVALC_REF_EXPECTED) that the judge is sent none; a plan rubric, an explicit
 * `reference:` (its own check) or a dataset with expected values says nothing.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from './plan-helpers.js';

async function diagnostics(metric: string, expected: boolean): Promise<Diagnostic[]> {
  const example = expected
    ? '{ id: e1, vars: { q: hi }, expected: { answer: hi } }'
    : '{ id: e1, vars: { q: hi } }';
  const plan = `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
judges:
  j: { protocol: agent-eval, url: http://127.0.0.1:5005 }
rubrics:
  own: { dimensions: [ { id: q, description: quality, weight: 1 } ] }
tasks:
  t:
    bindings:
      default: { input: { query: "{{q}}" }, output: { answer: output.answer } }
    datasets:
      d: { examples: [ ${example} ] }
    metrics:
      - ${metric}
`;
  const dir = writeFiles({ 'evalc.yaml': plan }, 'evalc-qa159-noexp-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  expect(result.code).toBe(0);
  return (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
}

describe('a judge metric on a built-in rubric over examples without expected values (QA159)', () => {
  it('warns that the judge is sent no expected value', async () => {
    const found = await diagnostics('{ type: judge, judge: j }', false);
    expect(found.map((d) => [d.code, d.severity, d.path.join('.'), d.source?.line])).toEqual([
      ['EVALC_REF_EXPECTED', 'warning', 'tasks.t.metrics.0', 16],
    ]);
    expect(found[0]!.message).toBe(
      '`judge` is judged on a built-in rubric, which compares the answer with the expected outcome, but no example of dataset d has an expected value: the judge is sent none',
    );
  });

  it.each([
    ['a built-in rubric with expected values', '{ type: judge, judge: j, rubric: factual_grounding }', true],
    ['a plan rubric', '{ type: judge, judge: j, rubric: own }', false],
  ])('says nothing for %s', async (_what, metric, expected) => {
    expect(await diagnostics(metric, expected)).toEqual([]);
  });
});

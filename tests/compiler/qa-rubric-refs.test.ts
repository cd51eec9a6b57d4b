/**
 * Rubric names (DESIGN §2 `rubric: course-advice`, "registered name, or defined under rubrics:"):
 * an openai judge can only use a rubric evalc holds — the plan's or a built-in (`generic`, …) —
 * on the judge or on a metric; an agent-eval judge may use one its server registers.
 */
import { describe, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import type { Diagnostic } from '../../src/plan/diagnostic.js';
import { runCommand } from '../cli/run-cli.js';
import { writeFiles } from './plan-helpers.js';

const planWith = (judgeRubric: string, metricRubric: string) => `evalc: 1
benchmark: { id: rubrics, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
judges:
  llm: { protocol: openai, url: http://127.0.0.1:11434/v1, model: m${judgeRubric} }
  strict: { protocol: agent-eval, url: http://127.0.0.1:5005 }
rubrics:
  course-advice:
    dimensions:
      - { id: relevance, description: "Answers the question asked", weight: 1 }
tasks:
  t:
    bindings:
      default:
        input: { query: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: hi } } ] }
    metrics:
      - { type: judge, judge: ${metricRubric} }
`;

async function validate(judgeRubric: string, metricRubric: string) {
  const dir = writeFiles({ 'evalc.yaml': planWith(judgeRubric, metricRubric) }, 'evalc-qa-rubric-');
  const result = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  const diagnostics = (JSON.parse(result.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
  return { code: result.code, found: diagnostics.map((d) => [d.code, d.severity, d.hint, d.source?.line]) };
}

describe('rubric references', () => {
  it("accepts a built-in rubric on an openai judge (it was 'unknown rubric generic')", async () => {
    expect(await validate(', rubric: generic', 'llm')).toEqual({ code: 0, found: [] });
    expect(await validate('', 'llm, rubric: clinical_safety')).toEqual({ code: 0, found: [] });
  });

  it('reports a misspelt rubric on an openai judge metric as an error with a did-you-mean', async () => {
    expect(await validate('', 'llm, rubric: course-advise')).toEqual({
      code: 65,
      found: [['EVALC_REF_RUBRIC', 'error', 'did you mean `course-advice`?', 21]],
    });
  });

  it('only warns for an agent-eval judge, whose server may register the name', async () => {
    expect(await validate('', 'strict, rubric: course-advise')).toEqual({
      code: 0,
      found: [['EVALC_REF_RUBRIC', 'warning', 'did you mean `course-advice`?', 21]],
    });
    expect(await validate('', 'strict, rubric: anti-slop')).toEqual({ code: 0, found: [] });
  });

  it('reports a dimension: the rubric does not have, when evalc knows the rubric', async () => {
    expect(await validate(', rubric: course-advice', 'llm, dimension: relevanse')).toEqual({
      code: 65,
      found: [['EVALC_REF_DIMENSION', 'error', 'did you mean `relevance`?', 21]],
    });
    expect(await validate('', 'llm, rubric: course-advice, dimension: relevance')).toEqual({
      code: 0,
      found: [],
    });
    // A rubric the agent-eval server registers is unknown here: not checked.
    expect(await validate('', 'strict, rubric: anti-slop, dimension: voice')).toEqual({ code: 0, found: [] });
  });
});

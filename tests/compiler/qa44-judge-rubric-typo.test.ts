/**
 * QA44: DESIGN §2's agent-eval judge names its rubric (`rubric: course-advice # registered name,
 * or defined under rubrics:`). A near miss of the plan's rubric on the judge (`course-advise`)
 * validated silently — the metric-level `rubric:` was checked, the judge's own was not — and every
 * judge call of the run failed (404 rubric_not_found → config_error). It now warns, as the
 * metric-level check does; a name far from every plan rubric (registered on the server) stays quiet.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics } from './plan-helpers.js';

const plan = (rubric: string): string => `evalc: 1
benchmark: { id: b, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101 }
judges:
  strict: { protocol: agent-eval, url: http://127.0.0.1:5005, rubric: ${rubric} }
rubrics:
  course-advice: { dimensions: [ { id: relevance, description: "Answers the question asked" } ] }
tasks:
  t:
    bindings:
      default: { input: { query: "{{q}}" }, output: { answer: "output.answer" } }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi } } ] }
    metrics:
      - { type: judge, judge: strict, content: "{{candidate.answer}}", threshold: 0.6 }
`;

const rubricNotes = async (rubric: string) =>
  (await planDiagnostics(plan(rubric)))
    .filter((d) => d.code === 'EVALC_REF_RUBRIC')
    .map((d) => `${d.severity} ${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`);

describe("an agent-eval judge's rubric", () => {
  it('warns when it is a near miss of a plan rubric', async () => {
    expect(await rubricNotes('course-advise')).toEqual([
      'warning 6:71 rubric `course-advise` is not a plan rubric: judge strict must register it | did you mean `course-advice`?',
    ]);
  });

  it('says nothing of a plan rubric or of a name only the server knows', async () => {
    expect(await rubricNotes('course-advice')).toEqual([]);
    expect(await rubricNotes('team-tone-v2')).toEqual([]);
  });
});

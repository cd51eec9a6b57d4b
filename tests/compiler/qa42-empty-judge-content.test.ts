/**
 * QA42: agent-eval case A6 (judge `content: ""`) says "surface as plan/config error". Since QA41 an
 * empty text to judge scores 0 without a call (the agent answered ""), but a plan whose `content:`
 * is itself blank — no placeholder, so every example is judged on nothing — validated and scored
 * every answer 0 without a word. It is a validate error at the content's line now; a content
 * whose placeholder renders empty for an agent's answer stays the QA41 score of 0.
 */
import { describe, expect, it } from 'vitest';
import { planDiagnostics, withLine } from './plan-helpers.js';

async function diagnosticsFor(metrics: string): Promise<string[]> {
  return (
    await planDiagnostics(
      `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: raip, url: "http://127.0.0.1:9" }
judges:
  j: { protocol: agent-eval, url: "http://127.0.0.1:9", rubric: r }
rubrics:
  r: { dimensions: [ { id: relevance, description: "answers the question" } ] }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: hi }, expected: { answer: x } } ] } }
    metrics: ${metrics}
`,
    )
  ).map(withLine);
}

describe("a judge metric's blank content", () => {
  it.each(['""', '"  "'])('content: %s is a validate error at its line', async (content) => {
    expect(
      await diagnosticsFor(
        `\n      - { type: exact_match }\n      - { type: judge, judge: j, content: ${content} }`,
      ),
    ).toEqual(['error EVALC_CONTENT_EMPTY tasks.t.metrics.1.content 15']);
  });

  it('a checklist too; a content with a placeholder or no content: at all is fine', async () => {
    expect(
      await diagnosticsFor(
        `\n      - { type: checklist, judge: j, items: [ "is polite" ], content: "" }\n      - { type: judge, judge: j, content: "{{candidate.answer}}" }\n      - { id: j2, type: judge, judge: j }`,
      ),
    ).toEqual(['error EVALC_CONTENT_EMPTY tasks.t.metrics.0.content 14']);
  });
});

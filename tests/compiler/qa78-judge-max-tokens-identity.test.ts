/**
 * QA78: `maxTokens` (QA73) is sent by an openai judge only; on an agent-eval judge it is unused
 * (EVALC_JUDGE_MAX_TOKENS warns so), yet it was part of the judge's identity: writing it re-asked
 * every cached verdict ("because judge j's settings changed"). Now it changes an agent-eval
 * judge's digest and the plan digest no more than any unused key would; an openai judge's still
 * re-asks (the verdict may have been cut at the old limit). The same holds for an agent-eval
 * judge's `temperature` (validate warns it is unused: the server judges at 0).
 */
import { describe, expect, it } from 'vitest';
import { compileDir, writeFiles } from './plan-helpers.js';

const PLAN = (judge: string) => `evalc: 1
benchmark: { id: b }
agents:
  a: { protocol: http, url: "http://127.0.0.1:9/x" }
judges:
  j: ${judge}
rubrics:
  r: { dimensions: [ { id: relevance, description: "Answers the question", weight: 1 } ] }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }
    datasets: { d: { examples: [ { id: x1, vars: { q: hi } } ] } }
    metrics:
      - { type: judge, judge: j, content: "{{candidate.answer}}" }
`;

async function keys(judge: string): Promise<[string, string]> {
  const compiled = await compileDir(writeFiles({ 'evalc.yaml': PLAN(judge) }, 'evalc-qa78-max-tokens-'));
  return [compiled.resolved.judgeDigests.j!, compiled.resolved.planDigest];
}

describe("a judge's maxTokens in its identity", () => {
  it('leaves an agent-eval judge (which never sends it) and the plan digest as they were', async () => {
    for (const where of ['command: "node judge.mjs"', 'url: "http://127.0.0.1:9/judge"']) {
      const without = await keys(`{ protocol: agent-eval, ${where}, rubric: r }`);
      const withIt = await keys(`{ protocol: agent-eval, ${where}, rubric: r, maxTokens: 500 }`);
      expect(withIt).toEqual(without);
    }
  });

  it("leaves them as they were for an agent-eval judge's temperature, which it never sends either", async () => {
    const without = await keys('{ protocol: agent-eval, url: "http://127.0.0.1:9/judge", rubric: r }');
    const withIt = await keys(
      '{ protocol: agent-eval, url: "http://127.0.0.1:9/judge", rubric: r, temperature: 0.7 }',
    );
    expect(withIt).toEqual(without);
  });

  it("changes an openai judge's, which sends it as max_tokens", async () => {
    const judge = '{ protocol: openai, url: "http://127.0.0.1:9/v1", model: m, rubric: r';
    const [without] = await keys(`${judge} }`);
    const [withIt] = await keys(`${judge}, maxTokens: 500 }`);
    expect(withIt).not.toBe(without);
  });
});

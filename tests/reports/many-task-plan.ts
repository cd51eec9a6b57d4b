/**
 * The generated plans of the report.md budget tests with hundreds of tasks (QA80, QA87, QA88, QA89):
 * `tasks` tasks t0…, each one dataset `d` of `examples` examples e0… asking the RAIP counting agent
 * `question(t, e)` (it answers `plain:<question>`); an example's expected answer is wrong, so its
 * exact_match fails, when `wrong(t, e)`. `extra` (gates…) follows the run settings.
 */
export interface ManyTaskPlan {
  id: string;
  url: string;
  tasks: number;
  examples: number;
  wrong: (t: number, e: number) => boolean;
  question?: (t: number, e: number) => string;
  extra?: string;
}

export function manyTaskPlan(o: ManyTaskPlan): string {
  const question = o.question ?? ((t, e) => `q${t}-${e}`);
  const tasks = Array.from({ length: o.tasks }, (_, t) => {
    const examples = Array.from({ length: o.examples }, (_, e) => {
      const q = question(t, e);
      const expected = o.wrong(t, e) ? `plain:${q}-wrong` : `plain:${q}`;
      return `{ id: e${e}, vars: { q: "${q}" }, expected: { answer: "${expected}" } }`;
    });
    return `  t${t}:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { examples: [ ${examples.join(', ')} ] }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;
  });
  return `evalc: 1
benchmark: { id: ${o.id} }
agents:
  a1: { protocol: raip, url: "${o.url}" }
tasks:
${tasks.join('')}metrics:
  - { type: pass_rate }
run: { preflight: 0, bootstrap: 100 }
${o.extra ?? ''}`;
}

import { afterEach, describe, expect, it } from 'vitest';
import { reportMdOfPlan } from './report-md-of-plan.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TASKS = 30;
const AGENTS = 40;
const EXAMPLES = 4;

/**
 * 40 agents x 3 metric rows (exact_match, contains, pass_rate): a failing task's rows and first
 * failing examples take over 2,000 bytes, so a truncated report.md shows its first row only and
 * cuts the rest (QA87's fallback). Example e0 of each task passes; the others fail for every agent.
 */
function plan(url: string): string {
  const agents = Array.from(
    { length: AGENTS },
    (_, i) => `  ag${String(i).padStart(2, '0')}: { protocol: raip, url: "${url}" }`,
  );
  const tasks = Array.from({ length: TASKS }, (_, t) => {
    const examples = Array.from({ length: EXAMPLES }, (_, e) => {
      const expected = e === 0 ? `plain:q${t}-${e}` : `plain:q${t}-${e}-wrong`;
      return `{ id: e${e}, vars: { q: "q${t}-${e}" }, expected: { answer: "${expected}" } }`;
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
      - { type: contains, candidate: answer, expected: answer }
`;
  });
  return `evalc: 1
benchmark: { id: qa88-more-note-counts }
agents:
${agents.join('\n')}
tasks:
${tasks.join('')}metrics:
  - { type: pass_rate }
run: { preflight: 0, bootstrap: 100 }
`;
}

describe("report.md's 'N more … not shown' note of a cut failing task (QA88)", () => {
  it('counts the failing examples left out, not the metric rows and blank lines cut with them', async () => {
    const { md } = await reportMdOfPlan(plan, 'evalc-qa88-more-note-', cleanups);
    const failing = AGENTS * (EXAMPLES - 1);
    const details = [
      ...md.matchAll(
        /<details><summary>t(\d+) — (\d+) results, (\d+) failing<\/summary>([\s\S]*?)<\/details>/g,
      ),
    ];
    expect(details.length).toBeGreaterThan(3);
    for (const [, t, , n, body] of details) {
      expect(Number(n), `t${t}`).toBe(failing);
      const rowsShown = (body!.match(/^\| `(exact_match|contains|pass_rate)` \|/gm) ?? []).length;
      const examplesShown = (body!.match(/^- `ag\d\d` d\/e\d/gm) ?? []).length;
      const note = /_… (?:(\d+) more metric rows? and )?(\d+) more failing examples? not shown/.exec(body!);
      expect(note, `t${t}: ${body!.slice(-300)}`).not.toBeNull();
      // every failing example is either listed or counted, and so is every metric row
      expect(examplesShown + Number(note![2]), `t${t}`).toBe(failing);
      expect(rowsShown + Number(note![1] ?? 0), `t${t}`).toBe(3);
    }
  }, 180_000);
});

import { afterEach, describe, expect, it } from 'vitest';
import { manyTaskPlan } from './many-task-plan.js';
import { reportMdOfPlan } from './report-md-of-plan.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TASKS = 400;
/** Task t's examples e0..e2 fail when e < failingOf(t): 0 to 3 failing examples, most tasks failing. */
const failingOf = (t: number) => [1, 2, 3, 0, 1][t % 5]!;

function plan(url: string): string {
  return manyTaskPlan({
    id: 'qa87-many-failing-tasks',
    url,
    tasks: TASKS,
    examples: 3,
    wrong: (t, e) => e < failingOf(t),
    extra: 'gates:\n  - { metric: pass_rate, scope: task, min: 0.9 }\n',
  });
}

describe('report.md of a 400-task plan with 320 failing tasks (QA87)', () => {
  it('shows each shown failing task with its failing examples, the worst first, and counts the rest', async () => {
    const { md } = await reportMdOfPlan(plan, 'evalc-qa87-failing-', cleanups);
    const failingTasks = Array.from({ length: TASKS }, (_, t) => t).filter((t) => failingOf(t) > 0);

    const details = [
      ...md.matchAll(/<details><summary>t(\d+) — 3 results, (\d) failing<\/summary>([\s\S]*?)<\/details>/g),
    ];
    const shown = details.filter((d) => Number(d[2]) > 0);
    expect(shown.length).toBeGreaterThan(10);
    for (const [, t, n, body] of shown) {
      expect(Number(n), `t${t}`).toBe(failingOf(Number(t)));
      // at least one failing example line per shown failing task (the old report had none)
      expect(body, `t${t}`).toMatch(/^- `a1` d\/e0 — failed `exact_match`/m);
    }
    // The tasks with the most failing examples first: none left out fails more than one shown.
    const shownIds = new Set(shown.map((d) => Number(d[1])));
    const leftOut = failingTasks.filter((t) => !shownIds.has(t));
    const worstLeftOut = Math.max(...leftOut.map(failingOf));
    expect(Math.min(...shown.map((d) => Number(d[2])))).toBeGreaterThanOrEqual(worstLeftOut);
    // The failing tasks not shown are counted as such.
    expect(md).toMatch(
      new RegExp(`_… ${leftOut.length} more failing tasks( and \\d+ more passing tasks)? not shown`),
    );
    expect(md.split('<details>').length).toBe(md.split('</details>').length);
  }, 180_000);
});

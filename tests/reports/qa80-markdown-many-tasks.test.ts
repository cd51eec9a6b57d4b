import { afterEach, describe, expect, it } from 'vitest';
import { manyTaskPlan } from './many-task-plan.js';
import { reportMdOfPlan } from './report-md-of-plan.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TASKS = 500;

function plan(url: string): string {
  // t99's expected answer is not what the agent says: its one example fails.
  return manyTaskPlan({
    id: 'qa80-many-tasks',
    url,
    tasks: TASKS,
    examples: 1,
    wrong: (t) => t === 99,
    question: (t) => `q${t}`,
  });
}

describe('report.md of a 500-task plan (QA80)', () => {
  it('shows the failing task and most of the score table, not 335 passing tasks one line each', async () => {
    const { md } = await reportMdOfPlan(plan, 'evalc-qa80-tasks-', cleanups);
    expect(md).toContain(`${TASKS} results · ${TASKS - 1} pass · 1 fail`);

    // The failing task's details, with its failing example.
    expect(md).toContain('<summary>t99 — 1 result, 1 failing</summary>');
    expect(md).toMatch(/- `a1` d\/e0 — failed `exact_match`/);

    // The score table (pass_rate per task) keeps most of its 501 rows.
    const table = md.slice(md.indexOf('### Scores'), md.indexOf('\n\n', md.indexOf('| **benchmark**')));
    const rows = table.split('\n').filter((l) => /^\| `t\d+` \|/.test(l));
    expect(rows.length).toBeGreaterThan(TASKS / 2);

    // Passing tasks' details still fill what room is left, each with at least its first line.
    const passing = [...md.matchAll(/<summary>t\d+ — 1 result, 0 failing<\/summary>/g)];
    expect(passing.length).toBeGreaterThan(0);
    // QA87: the tasks left out are counted as tasks ("327 more passing tasks"), not "sections".
    expect(md).toMatch(/_… \d+ more passing tasks not shown \(see the full report\)\._/);
    expect(md.split('<details>').length).toBe(md.split('</details>').length);
  }, 120_000);
});

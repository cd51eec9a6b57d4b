/**
 * report.md of a 400-task plan against a baseline (QA89): QA87 shows the failing tasks with the
 * most failing examples first when they do not all fit, but ranked by failing examples alone, the
 * 20 tasks that newly failed one example each (pass → fail) were all left out behind 209
 * long-failing ones with 2 or 3. With --baseline the regressed tasks are shown first, then the
 * others by failing examples, and the ones left out are counted by what they are, under the Details
 * heading (the count was at the report's end, below every task shown).
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { applyInProcess } from '../protocols/apply-in-process.js';
import { manyTaskPlan } from './many-task-plan.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TASKS = 400;
/** Task t's examples e0..e2 fail when e < failingOf(t) in both runs: most tasks long-failing. */
const failingOf = (t: number) => [1, 2, 3, 0, 1][t % 5]!;
/** Tasks whose e0 passed in the baseline and fails now (t3, t23, …: none failed before). */
const regressed = (t: number) => t % 20 === 3;
/** Many regressions: e1 passed in the baseline and fails now in every task where it passed (240). */
const regressedMany = (t: number) => failingOf(t) <= 1;

function plan(url: string, regression?: { tasks: (t: number) => boolean; example: number }): string {
  return manyTaskPlan({
    id: 'qa89-regressed-tasks',
    url,
    tasks: TASKS,
    examples: 3,
    wrong: (t, e) => e < failingOf(t) || (regression?.tasks(t) === true && e === regression.example),
  });
}

async function apply(dir: string, baseline?: string): Promise<void> {
  const outcome = await applyInProcess(dir, baseline ? { baseline } : {});
  expect(outcome.status).toBe('done');
}

/** report.md of a run of `plan(…, regression)` against a run of `plan(…)`, and its shown failing tasks. */
async function reportAgainstBaseline(regression: { tasks: (t: number) => boolean; example: number }) {
  const agent = await startCountingAgent();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa89-regressed-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => agent.close(),
  );
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url));
  await apply(dir);
  copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'baseline.lock'));
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url, regression));
  await apply(dir, 'baseline.lock');
  const md = readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8');
  expect(Buffer.byteLength(md, 'utf8')).toBeLessThanOrEqual(65_000);
  expect(md).toContain('### Changes vs baseline');
  expect(md.split('<details>').length).toBe(md.split('</details>').length);
  const shown = [...md.matchAll(/<details><summary>t(\d+) — 3 results, (\d) failing<\/summary>/g)]
    .map((d) => ({ t: Number(d[1]), n: Number(d[2]) }))
    .filter((d) => d.n > 0);
  return { md, shown, shownIds: new Set(shown.map((d) => d.t)) };
}

const all = Array.from({ length: TASKS }, (_, t) => t);

describe('report.md of a 400-task plan against a baseline (QA89)', () => {
  it('shows the regressed tasks first, then the most failing, and counts the rest', async () => {
    const { md, shown, shownIds } = await reportAgainstBaseline({ tasks: regressed, example: 0 });
    // Every regressed task is shown (the old ranking showed none of them: 1 failing example each).
    expect(all.filter(regressed).filter((t) => !shownIds.has(t))).toEqual([]);
    for (const t of all.filter(regressed)) expect(shown.find((d) => d.t === t)?.n, `t${t}`).toBe(1);
    // Then the long-failing tasks with the most failing examples (QA87), the rest counted.
    const leftOut = all.filter((t) => failingOf(t) > 0 && !shownIds.has(t));
    expect(leftOut.length).toBeGreaterThan(0);
    const others = shown.filter((d) => !regressed(d.t));
    expect(Math.min(...others.map((d) => d.n))).toBeGreaterThanOrEqual(Math.max(...leftOut.map(failingOf)));
    expect(md).toMatch(
      new RegExp(
        `### Details\n\n_… ${leftOut.length} more failing tasks( and \\d+ more passing tasks)? not shown`,
      ),
    );
  }, 240_000);

  it('when the regressed tasks alone do not fit, shows only them and counts those left out apart', async () => {
    const { md, shownIds } = await reportAgainstBaseline({ tasks: regressedMany, example: 1 });
    const regressedLeftOut = all.filter(regressedMany).filter((t) => !shownIds.has(t));
    expect(regressedLeftOut.length).toBeGreaterThan(0);
    expect([...shownIds].filter((t) => !regressedMany(t))).toEqual([]);
    const failingLeftOut = all.filter((t) => !regressedMany(t));
    expect(md).toMatch(
      new RegExp(
        `### Details\n\n_… ${regressedLeftOut.length} more regressed tasks and ${failingLeftOut.length} more failing tasks not shown`,
      ),
    );
  }, 240_000);
});

/**
 * report.md of a 400-task plan, most tasks failing, against a baseline where 240 of them newly fail
 * (QA88): the failing tasks' details (QA87, QA89: each with its metric rows and first failing
 * examples) took the whole room, so "Changes vs baseline" said "2 significant regressions" over a
 * table of 1 row, and listed 1 pass → fail example of 240. Ranked sections now leave room (up to a
 * quarter) for the items of the sections admitted before them.
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
/** Task t's examples e0..e2 fail when e < failingOf(t) in both runs. */
const failingOf = (t: number) => [1, 2, 3, 0, 1][t % 5]!;

function plan(url: string, regressed: boolean, gates = ''): string {
  return manyTaskPlan({
    id: 'qa88-deltas-room',
    url,
    tasks: TASKS,
    examples: 3,
    // e1 passed in the baseline and fails now wherever it passed (240 tasks).
    wrong: (t, e) => e < failingOf(t) || (regressed && e === 1),
    extra: gates,
  });
}

async function apply(dir: string, baseline?: string): Promise<void> {
  const outcome = await applyInProcess(dir, baseline ? { baseline } : {});
  expect(outcome.status).toBe('done');
}

describe('report.md of 320 failing tasks against a baseline (QA88)', () => {
  it('keeps the significant regressions and some pass → fail examples in view', async () => {
    const agent = await startCountingAgent();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa88-deltas-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
    );
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url, false));
    await apply(dir);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'baseline.lock'));
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url, true));
    await apply(dir, 'baseline.lock');
    const md = readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8');
    expect(Buffer.byteLength(md, 'utf8')).toBeLessThanOrEqual(65_000);
    expect(md).toContain('not shown'); // truncated

    const significant = Number(/❌ \*\*(\d+)\*\* significant regressions?/.exec(md)?.[1]);
    expect(significant).toBeGreaterThan(0);
    // every significant regression the headline counts has its row
    expect((md.match(/^\| 🔴 regression \|/gm) ?? []).length).toBe(significant);
    const flips = Number(/\*\*Pass → fail \((\d+)\)\*\*/.exec(md)?.[1]);
    expect(flips).toBe(240);
    const listed = md.slice(md.indexOf('**Pass → fail')).match(/^- `a1` t\d+\/d \*\*e1\*\*/gm) ?? [];
    expect(listed.length).toBeGreaterThanOrEqual(5);
    // and still failing tasks' details with their failing examples
    expect(md).toMatch(/<details><summary>t\d+ — 3 results, \d failing<\/summary>[\s\S]*?Failing examples:/);
  }, 240_000);

  it('without a baseline, leaves no room from failing tasks to passing gates or latency rows', async () => {
    const agent = await startCountingAgent();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa88-no-baseline-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
    );
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      plan(agent.url, false, 'gates:\n  - { metric: pass_rate, scope: task, min: 0.5 }\n'),
    );
    await apply(dir);
    const md = readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8');
    expect(Buffer.byteLength(md, 'utf8')).toBeLessThanOrEqual(65_000);
    // failing tasks are left out for want of room…
    expect(md).toMatch(/_… \d+ more failing tasks( and \d+ more passing tasks)? not shown/);
    // …which the passing gates and the latency table do not take: their first rows only
    const shownAfter = (heading: string) => {
      const from = md.indexOf(heading);
      expect(from, heading).toBeGreaterThan(-1);
      return (md.slice(from, md.indexOf('</details>', from)).match(/^\| (✅|`a1\/)/gm) ?? []).length;
    };
    expect(shownAfter('<summary>Passing gates')).toBeLessThanOrEqual(2);
    expect(shownAfter('<summary>Latency, tokens and cost')).toBeLessThanOrEqual(2);
  }, 240_000);
});

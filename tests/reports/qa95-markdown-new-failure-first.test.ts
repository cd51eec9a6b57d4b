/**
 * QA95: in a regressed task of report.md with --baseline, the example that newly failed
 * (pass → fail) was listed in dataset order, after the examples that were already failing in the
 * baseline; in a report cut to its 65,000-character budget (3 failing examples per task) it was
 * not shown at all. It now comes first and is marked; the budget still holds with many tasks.
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

/** e0..e3 fail in both runs; e4 passed in the baseline and fails now in the regressed tasks. */
const regressed = (t: number) => t % 10 === 0;

function plan(url: string, tasks: number, regression: boolean): string {
  return manyTaskPlan({
    id: 'qa95-new-failure-first',
    url,
    tasks,
    examples: 5,
    wrong: (t, e) => e < 4 || (regression && regressed(t) && e === 4),
  });
}

async function reportAgainstBaseline(tasks: number): Promise<string> {
  const agent = await startCountingAgent();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa95-new-first-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => agent.close(),
  );
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url, tasks, false));
  expect((await applyInProcess(dir)).status).toBe('done');
  copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'baseline.lock'));
  writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.url, tasks, true));
  expect((await applyInProcess(dir, { baseline: 'baseline.lock' })).status).toBe('done');
  return readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8');
}

/** Each shown task's failing example lines, by task. */
function failingLines(md: string): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const d of md.matchAll(/<details><summary>t(\d+) — [^<]*<\/summary>([\s\S]*?)<\/details>/g))
    out.set(
      Number(d[1]),
      [...(d[2] ?? '').matchAll(/^- `a1` d\/(e\d)(.*)$/gm)].map((l) => `${l[1]}${l[2]}`),
    );
  return out;
}

describe('report.md against a baseline: the newly failing example first (QA95)', () => {
  it('one task: the pass → fail example leads its failing examples and is marked', async () => {
    const md = await reportAgainstBaseline(1);
    const lines = failingLines(md).get(0) ?? [];
    expect(lines.map((l) => l.slice(0, 2))).toEqual(['e4', 'e0', 'e1', 'e2', 'e3']);
    expect(lines[0]).toMatch(/^e4 \(\*\*pass → fail\*\*\) — failed `exact_match`/);
    expect(lines.slice(1).join('\n')).not.toContain('pass → fail');
  }, 60_000);

  it('300 tasks cut to the budget: each regressed task shown still shows its new failure', async () => {
    const md = await reportAgainstBaseline(300);
    expect(Buffer.byteLength(md, 'utf8')).toBeLessThanOrEqual(65_000);
    expect(md.split('<details>').length).toBe(md.split('</details>').length);
    const shown = failingLines(md);
    const regressedShown = [...shown.keys()].filter(regressed);
    expect(regressedShown.length).toBeGreaterThan(0);
    // The report is cut: tasks show only their first failing examples.
    expect([...shown.values()].some((lines) => lines.length < 5)).toBe(true);
    for (const t of regressedShown) expect(shown.get(t)?.[0], `t${t}`).toMatch(/^e4 \(\*\*pass → fail\*\*\)/);
  }, 240_000);
});

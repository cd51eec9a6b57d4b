/**
 * QA54: an mae agent's `maxTurns` lowered from 6 to 3 made two of three examples fail
 * `max_turns_exceeded`, which measures no `steps`. The diff showed `steps 3.667 → 3.000 ▼ −0.667`
 * beside `CI [0.000, 0.000]`, `p 1.000`: the means cover 3 and 1 examples, the test the 1 example
 * with a value in both runs, and nothing said so. Each delta now counts those examples
 * (`unpaired`) and the text and Markdown diffs say what Δ counts. The first lock is a real apply
 * (OpenAI-compatible model server on loopback); the second is that lock with one example's
 * invoke failed, as a failed invoke's row is written.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderMarkdownDiff } from '../../src/reports/markdown-diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { openaiAgentPlan } from '../fixtures/openai-agent-plan.js';
import { startOpenaiServer } from '../fixtures/openai-server.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const plan = (url: string) =>
  openaiAgentPlan(url, {
    id: 'qa54-unpaired',
    examples: [
      '{ id: s1, vars: { query: "intro ML" } }',
      '{ id: s2, vars: { query: "databases" } }',
      '{ id: s3, vars: { query: "graphics" } }',
    ],
    metrics: ['{ type: steps }'],
  });

describe('diff says what Δ counts when an example has a value in one run only (QA54)', () => {
  it('counts the unpaired examples per delta and notes them under the table', async () => {
    const agent = await startOpenaiServer();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa54-unpaired-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
    );
    writeFileSync(path.join(dir, 'evalc.yaml'), plan(agent.baseUrl));
    expect((await applyInProcess(dir)).status).toBe('done');
    const before = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as Lockfile;
    expect(before.results.every((r) => typeof r.metrics.steps?.value === 'number')).toBe(true);

    // The same run with s2's invoke failed: its steps measure nothing (a failed invoke's row).
    const after = structuredClone(before);
    const row = after.results.find((r) => r.example === 's2');
    if (!row?.metrics.steps) throw new Error('no steps row for s2');
    const { key } = row.metrics.steps;
    row.metrics.steps = key === undefined ? { score: null } : { key, score: null };
    const diff = diffLocks(before, after);
    const steps = diff.aggregates.filter((d) => d.metric === 'steps');
    expect(steps.length).toBeGreaterThan(0);
    for (const d of steps)
      expect({ scope: d.scope, n: d.n, unpaired: d.unpaired }).toEqual({ scope: d.scope, n: 2, unpaired: 1 });

    // A delta shown in the table gets the note (the aggregates are the lock's, unchanged here: shown
    // only when they differ, so give the benchmark a different mean as a fewer-example run has).
    const benchmark = after.aggregates.benchmark?.o1?.steps;
    if (!benchmark) throw new Error('no benchmark steps aggregate');
    benchmark.mean = 2;
    const shown = diffLocks(before, after);
    const note =
      'Δ also counts examples with a value in one run only (a failed invoke measures nothing, an errored metric or judge scores nothing; a metric added to or removed from a task scores one run only): steps (o1: 1); the CI, p and verdict test the examples with a value in both runs (their change, where it is not Δ, is the paired Δ beside the CI).';
    expect(renderTextDiff(shown)).toContain(`(${note})`);
    expect(renderMarkdownDiff(shown)).toContain(`_${note}_`);
    // Without unpaired examples, no note.
    expect(renderTextDiff(diffLocks(before, before))).not.toContain('a value in one run only');
  });
});

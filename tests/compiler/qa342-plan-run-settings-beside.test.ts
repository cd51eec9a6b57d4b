/**
 * QA342: a run settings edit (run.seed, run.bootstrap, lowered run.repeats) beside a step that runs
 * (an example added to one dataset) read `because scores changed` of that dataset's nodes alone:
 * the edit went unsaid, and the aggregates of the other tasks, whose CIs it moves too (apply
 * rewrites all of them), were not counted. f5ddf80b said it beside lowered repeats only. Real
 * applies against the RAIP counting agent on loopback, then `plan --json` in-process.
 */
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { applyRun, createProgress } from '../../src/index.js';
import { runCommand } from '../cli/run-cli.js';
import { startCountingAgent } from '../fixtures/apply-counting-agent.mjs';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const row = (id: string) =>
  `${JSON.stringify({ id, vars: { q: id }, expected: { answer: `plain:${id}` } })}\n`;

/** The aggregate row, and the aggregate nodes `--json`'s step list marks as run (as many). */
async function aggregateRow(dir: string): Promise<{ count: number; reason: string } | undefined> {
  const out = await runCommand(planCommand, ['--json'], { cwd: dir });
  const plan = JSON.parse(out.stdout) as {
    rows: { kind: string; count: number; reason: string }[];
    steps: { kind: string; id: string; status: string }[];
  };
  const found = plan.rows.find((r) => r.kind === 'aggregate');
  const listed = plan.steps.filter((s) => s.kind === 'aggregate' && s.status !== 'cached');
  expect(listed).toHaveLength(found?.count ?? 0);
  return found && { count: found.count, reason: found.reason };
}

describe('plan: a run settings edit beside changed scores (QA342)', () => {
  it('is said, and every aggregate counted', async () => {
    const agent = await startCountingAgent();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa342-settings-beside-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
    );
    const task = (id: string, source: string) => `  ${id}:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: "output.answer" }
    datasets:
      d: { source: ${source} }
    metrics:
      - { type: exact_match, candidate: answer, expected: answer }
`;
    const plan = (run: string) => `evalc: 1
benchmark: { id: qa342-settings-beside }
agents:
  a1: { protocol: raip, url: "${agent.url}" }
tasks:
${task('t1', 'd1.jsonl')}${task('t2', 'd2.jsonl')}run: { preflight: 0, ${run} }
`;
    writeFileSync(path.join(dir, 'd1.jsonl'), row('a1') + row('a2'));
    writeFileSync(path.join(dir, 'd2.jsonl'), row('b1') + row('b2'));
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('repeats: 2, seed: 7, bootstrap: 100'));
    expect(
      (
        await applyRun({
          planFile: 'evalc.yaml',
          cwd: dir,
          env: {},
          signal: new AbortController().signal,
          progress: createProgress('quiet', () => {}),
        })
      ).status,
    ).toBe('done');
    appendFileSync(path.join(dir, 'd1.jsonl'), row('a3'));
    // The new example alone: t1's group, t1 and the benchmark.
    expect(await aggregateRow(dir)).toEqual({ count: 3, reason: 'because scores changed' });
    // 2 groups, 2 tasks and the benchmark: the seed moves t2's CIs too.
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('repeats: 2, seed: 8, bootstrap: 100'));
    expect(await aggregateRow(dir)).toEqual({
      count: 5,
      reason: 'because scores changed, and run settings changed (seed 7 → 8)',
    });
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('repeats: 2, seed: 7, bootstrap: 200'));
    expect(await aggregateRow(dir)).toEqual({
      count: 5,
      reason: 'because scores changed, and run settings changed (bootstrap 100 → 200)',
    });
    writeFileSync(path.join(dir, 'evalc.yaml'), plan('repeats: 1, seed: 8, bootstrap: 100'));
    expect(await aggregateRow(dir)).toEqual({
      count: 5,
      reason:
        "because scores changed, and run.repeats changed (2 → 1): the dropped repeats' results leave evalc.lock, and run settings changed (seed 7 → 8)",
    });
  });
});

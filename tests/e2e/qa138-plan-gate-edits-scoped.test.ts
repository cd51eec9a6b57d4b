/**
 * Regression (QA138, leftovers of QA131 and QA124): `plan` names a gate's bound edit also when its
 * metric has two gates of that kind, and says when `--only` skips the gate edited.
 * - Gates were matched with evalc.lock's gate results by metric and kind alone: pass_rate with a
 *   `min` at benchmark and a `min` at task scope had its benchmark bound edit read "because the
 *   plan changed (no step changes: e.g. a gate, a weight or a description)". Such gates are now
 *   matched by scope too and named with it (`gate pass_rate min at benchmark 0.5 → 0.3`).
 * - `plan --only t1/d1` named a benchmark gate's edit as the reason for its work
 *   (`gate pass_rate min 0.5 → 0.3`) though `apply --only t1/d1` skips that gate: it now says so.
 * Real binary, loopback agent.
 */
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('gate bound edits named by scope, and skipped under --only (QA138)', () => {
  it('two min gates on one metric: the edited one is named with its scope', async () => {
    const dir = ctx.workspace('qa138-two-min');
    writeDataset(dir, 'd1.jsonl', countingExamples(4));
    const gates = (benchmark: number, task: number) => [
      { metric: 'pass_rate', scope: 'benchmark', min: benchmark },
      { metric: 'pass_rate', scope: 'task', min: task },
    ];
    writePlan(dir, { agentUrl: ctx.agent.url, gates: gates(0.5, 0.4) });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);

    writePlan(dir, { agentUrl: ctx.agent.url, gates: gates(0.3, 0.4) });
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(
      /because the plan changed \(no step changes: gate pass_rate min at benchmark 0\.5 → 0\.3\)\n/,
    );
    writePlan(dir, { agentUrl: ctx.agent.url, gates: gates(0.5, 0.2) });
    expect((await runCli(['plan', 'evalc.yaml'], { cwd: dir })).stdout).toMatch(
      /\(no step changes: gate pass_rate min at task 0\.4 → 0\.2\)\n/,
    );
    // Unchanged bounds: nothing to do, as before.
    writePlan(dir, { agentUrl: ctx.agent.url, gates: gates(0.5, 0.4) });
    expect((await runCli(['plan', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
  }, 60_000);

  it('plan --only says the benchmark gate edited is skipped there, as apply --only does', async () => {
    const dir = ctx.workspace('qa138-only-gate');
    writeDataset(dir, 'd1.jsonl', countingExamples(4));
    writeDataset(dir, 'd2.jsonl', countingExamples(2, 'f'));
    const gates = (min: number) => [{ metric: 'pass_rate', scope: 'benchmark', min }];
    writePlan(dir, { agentUrl: ctx.agent.url, gates: gates(0.5), secondDataset: true });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);

    writePlan(dir, { agentUrl: ctx.agent.url, gates: gates(0.3), secondDataset: true });
    const plan = await runCli(['plan', 'evalc.yaml', '--only', 't1/d1'], { cwd: dir });
    expect(plan.stdout).toMatch(
      /\(no step changes: gate pass_rate min 0\.5 → 0\.3 \(skipped under --only t1\/d1\)\)\n/,
    );
    // The whole plan's view is unchanged.
    expect((await runCli(['plan', 'evalc.yaml'], { cwd: dir })).stdout).toMatch(
      /\(no step changes: gate pass_rate min 0\.5 → 0\.3\)\n/,
    );
    const apply = await runCli(['apply', 'evalc.yaml', '--only', 't1/d1', '--json', '--quiet'], { cwd: dir });
    const result = JSON.parse(apply.stdout.trim().split('\n').at(-1) as string) as {
      gates: { metric: string; scope: string; skipped?: boolean; message: string }[];
    };
    expect(result.gates).toEqual([
      expect.objectContaining({ metric: 'pass_rate', scope: 'benchmark', skipped: true }),
    ]);
    expect(result.gates[0]?.message).toContain('outside the --only t1/d1 selection; gate skipped');
  }, 60_000);
});

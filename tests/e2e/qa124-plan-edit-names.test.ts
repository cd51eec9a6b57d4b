/**
 * The edits `plan` names on its aggregate row when no step changes (QA119's plan-edit-names.ts),
 * checked as a user meets them (QA124): a `benchmark.version` holding a line feed printed a line
 * of its own in the row (a forged row of the plan), an ESC reached a piped log as is, and a long
 * version made the row as long.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('plan names the edits no step sees on one line', () => {
  it('quotes a benchmark.version with control characters, cut short', async () => {
    const dir = ctx.workspace('qa124-plan-edit-names');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const planFile = writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const invokes = ctx.agent.stats().invokes;
    const version = `2.0\u001b[31m\n  + invoke FAKE ROW${'v'.repeat(300)}`;
    writeFileSync(
      planFile,
      readFileSync(planFile, 'utf8').replace('"version": "1.0.0"', `"version": ${JSON.stringify(version)}`),
    );
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(plan.code).toBe(2);
    const row = plan.stdout.split('\n').find((line) => line.includes('~ aggregate')) ?? '';
    expect(row).toContain(
      '(no step changes: benchmark.version 1.0.0 → 2.0\\u001b[31m\\n  + invoke FAKE ROWvvv',
    );
    expect(row).toMatch(/v…\)$/);
    expect(row).not.toContain('\u001b');
    expect(row.length).toBeLessThan(250);
    expect(plan.stdout).not.toMatch(/^ {2}\+ invoke FAKE ROW/m);
    expect(ctx.agent.stats().invokes).toBe(invokes);
  });

  it("names at most 3 metrics on pass_rate's row when many thresholds change", async () => {
    const dir = ctx.workspace('qa124-many-thresholds');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const metrics = [0, 1, 2, 3, 4].map((i) => ({
      type: 'exact_match',
      id: `em${i}`,
      candidate: 'codes',
      expected: 'codes',
      mode: 'list',
      threshold: 0.5,
    }));
    const planFile = writePlan(dir, { agentUrl: ctx.agent.url, metrics });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    writeFileSync(
      planFile,
      readFileSync(planFile, 'utf8').replaceAll('"threshold": 0.5', '"threshold": 0.9'),
    );
    const after = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(after.code).toBe(2);
    expect(after.stdout).toContain(
      'because the metrics it derives from changed (em0 threshold 0.5 → 0.9, em1 threshold 0.5 → 0.9, em2 threshold 0.5 → 0.9, … (2 more))',
    );
  });

  it('apply --locked names a run setting, and does not say "no step changes" of more repeats', async () => {
    const dir = ctx.workspace('qa124-locked-run-settings');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const planFile = writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const invokes = ctx.agent.stats().invokes;
    writeFileSync(
      planFile,
      readFileSync(planFile, 'utf8')
        .replace('"repeats": 1', '"repeats": 2')
        .replace('"seed": 7', '"seed": 8'),
    );
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain(
      'the plan changed since evalc.lock was written:\n    run.repeats 1 → 2\n    run.seed 7 → 8\n',
    );
    expect(locked.stderr).not.toContain('no step changes');
    expect(ctx.agent.stats().invokes).toBe(invokes);
  });

  it("names a metric's threshold change in a plan without pass_rate, where it is the only row", async () => {
    const dir = ctx.workspace('qa124-threshold-no-pass-rate');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const planFile = writePlan(dir, {
      agentUrl: ctx.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'list', threshold: 0.5 }],
    });
    const plan = JSON.parse(readFileSync(planFile, 'utf8')) as { metrics?: unknown };
    delete plan.metrics;
    writeFileSync(planFile, JSON.stringify(plan, null, 2));
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    writeFileSync(planFile, readFileSync(planFile, 'utf8').replace('"threshold": 0.5', '"threshold": 0.9'));
    const after = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(after.code).toBe(2);
    expect(after.stdout).toContain(
      'because the plan changed (no step changes: t1/exact_match threshold 0.5 → 0.9)',
    );
  });
});

/**
 * QA38: with a warm cache, `evalc plan` on a lockfile another evalc version wrote said "No changes"
 * (exit 0) while `apply` is not up to date and rewrites evalc.lock (its `evalc` field, and figures
 * the new version computes): a developer who upgraded evalc saw nothing to commit, then CI's apply
 * changed the lock. plan now shows the re-aggregation and exits 2.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('plan on a lock of another evalc version, warm cache (QA38)', () => {
  it('shows the aggregates apply recomputes and exits 2; no agent call', async () => {
    const dir = ctx.workspace('qa38-lock-version');
    writeDataset(dir, 'd1.jsonl', countingExamples(3, 'v'));
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    const lockFile = path.join(dir, 'evalc.lock');
    const lock = readFileSync(lockFile, 'utf8');
    const version = (JSON.parse(lock) as { evalc: string }).evalc;
    writeFileSync(lockFile, lock.replace(/"evalc": "[^"]+"/, '"evalc": "0.0.1"'));
    const plan = await runCli(['plan'], { cwd: dir });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(
      new RegExp(
        `^ {2}~ aggregate {2}counting +3 nodes {6}because evalc\\.lock was written by evalc 0\\.0\\.1 \\(this is ${version.replaceAll('.', '\\.')}\\)$`,
        'm',
      ),
    );
    expect(plan.stdout).toContain('Plan: 0 to invoke, 0 to extract, 0 to score, 3 to aggregate');
    ctx.agent.reset();
    expect((await runCli(['apply', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(0);
    expect((await runCli(['plan'], { cwd: dir })).code).toBe(0);
  });
});

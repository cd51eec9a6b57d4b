/**
 * A run that evaluated nothing is not a green run: when every example fails before scoring
 * (here every request is refused), apply exits 1, says why, and report.md's verdict is ❌
 * "nothing evaluated" instead of ✅ "no gates". One agent that evaluated nothing (its preflight
 * failed: its batch was not sent) makes the run fail the same way, though another agent ran. The up-to-date re-apply of such a run agrees.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CountingAgent, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();
let refusing: CountingAgent;
beforeAll(async () => {
  refusing = await startCountingAgent({ faults: { seed: 1, rates: { '422': 1 } } });
});
afterAll(async () => {
  await refusing.close();
});

function reportTitle(dir: string): string {
  return readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8').split('\n')[0] ?? '';
}

describe('a run that evaluated nothing', () => {
  it('exits 1 with a ❌ verdict, and so does its up-to-date re-apply', async () => {
    const dir = ctx.workspace('nothing');
    writeDataset(dir, 'd1.jsonl', countingExamples(4));
    writePlan(dir, { agentUrl: refusing.url, run: { preflight: 0 } });
    const first = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir });
    expect(first.code).toBe(1);
    const result = JSON.parse(first.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(result).toMatchObject({ event: 'result', exitCode: 1, unevaluated: ['a1'], errors: 4 });
    expect(reportTitle(dir)).toMatch(
      /^## ❌ evalc — counting 1\.0\.0: nothing evaluated: every example failed before scoring$/,
    );
    // semantic_mismatch is definitive (cached): the next apply is up to date, and still exits 1.
    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(again.stdout).toContain('evalc.lock is up to date');
    expect(again.stderr).toContain('nothing was evaluated for a1: every example failed before scoring');
    expect(again.code).toBe(1);
  });

  it('exits 1 when an agent failed its preflight, even though another agent ran', async () => {
    const dir = ctx.workspace('preflight-exit');
    writeDataset(dir, 'd1.jsonl', countingExamples(8));
    writePlan(dir, { agentUrl: refusing.url, run: { preflight: 2 } });
    const planFile = path.join(dir, 'evalc.yaml');
    const plan = JSON.parse(readFileSync(planFile, 'utf8')) as { agents: Record<string, unknown> };
    plan.agents.a2 = { protocol: 'raip', url: ctx.agent.url };
    writeFileSync(planFile, JSON.stringify(plan, null, 2));
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(run.stderr).toContain('evalc: agent a1: preflight: the first 2 examples all failed');
    expect(run.stderr).toContain('nothing was evaluated for a1: every example failed before scoring');
    expect(run.code).toBe(1);
    expect(reportTitle(dir)).toMatch(/^## ❌ evalc — counting 1\.0\.0: nothing evaluated for a1; no gates$/);
  });

  it('keeps exiting 1 on the up-to-date re-apply when one agent of several evaluated nothing', async () => {
    const dir = ctx.workspace('one-unevaluated');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    writePlan(dir, { agentUrl: refusing.url, run: { preflight: 0 } });
    const planFile = path.join(dir, 'evalc.yaml');
    const plan = JSON.parse(readFileSync(planFile, 'utf8')) as { agents: Record<string, unknown> };
    plan.agents.a2 = { protocol: 'raip', url: ctx.agent.url };
    writeFileSync(planFile, JSON.stringify(plan, null, 2));
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(1);
    const again = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir });
    const result = JSON.parse(again.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
    expect(result).toMatchObject({ upToDate: true, exitCode: 1, unevaluated: ['a1'] });
    expect(again.code).toBe(1);
  });
});

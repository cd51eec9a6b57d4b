/**
 * QA316: a plan with no tasks (a plan being written, or one whose tasks were all removed) was never
 * planned against evalc.lock: `plan` said 'No changes. 1 step cached; apply would call no agent'
 * and exited 0 with no lockfile at all (nothing cached either), and beside a lock of 6 results,
 * which `apply` then rewrote without them. It now plans the aggregate as for any plan:
 * '+ aggregate … 1 node  no lockfile yet', '~ aggregate … because 1 group left the plan (a1/t1/d1):
 * its results leave evalc.lock', exit 2; and 'No changes' once apply wrote the lock.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from '../e2e/apply-harness.js';

const ctx = useCountingAgent();

describe('a plan with no tasks is planned against evalc.lock (QA316)', () => {
  it('has work without a lockfile, and none once apply wrote it', async () => {
    const dir = ctx.workspace('qa316-empty-no-lock');
    writeFileSync(path.join(dir, 'evalc.yaml'), 'evalc: 1\nbenchmark: { id: empty }\n');
    const first = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(first.code, first.stderr).toBe(2);
    expect(first.stdout).toMatch(/\+ aggregate +empty +1 node +no lockfile yet/);
    expect(first.stdout).toContain('0 cached.');
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    const again = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('No changes.');
  });

  it('names the results that leave evalc.lock when every task is removed', async () => {
    const dir = ctx.workspace('qa316-empty-after-tasks');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    const plan = JSON.parse(readFileSync(path.join(dir, 'evalc.yaml'), 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify({ ...plan, tasks: {} }));
    const emptied = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(emptied.code, emptied.stderr).toBe(2);
    expect(emptied.stdout).toContain(
      'because 1 group left the plan (a1/t1/d1): its results leave evalc.lock',
    );
  });
});

/**
 * A dataset edit the step keys do not see (an example's `weight`) is still a change: the lock's
 * dataset sha256, its rows' weights and the aggregates must follow it. Apply re-runs from cache
 * (no agent call) and plan agrees that there is work.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  readLock,
  runCli,
  useCountingAgent,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent();

interface Lock {
  datasets: Record<string, { sha256: string }>;
  results: { example: string; weight: number }[];
}

describe('a dataset whose weights changed', () => {
  it('is not up to date: apply rewrites weights, sha256 and aggregates from cache, then is up to date again', async () => {
    const dir = ctx.workspace('weights');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const before = JSON.parse(readLock(dir)) as Lock;

    const file = path.join(dir, 'd1.jsonl');
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    lines[1] = JSON.stringify({ ...(JSON.parse(lines[1]!) as object), weight: 3 });
    writeFileSync(file, `${lines.join('\n')}\n`);

    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(plan.code).toBe(2);
    // 41720b3 (QA119) names the weight; this read the generic reason, and failed since (QA124).
    expect(plan.stdout).toMatch(
      /~ aggregate +counting +3 nodes +because example weights changed \(d1\/e1 1 → 3\)/,
    );
    ctx.agent.reset();
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(apply.code).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(0);
    const after = JSON.parse(readLock(dir)) as Lock;
    expect(after.results.map((r) => [r.example, r.weight])).toEqual([
      ['e0', 1],
      ['e1', 3],
      ['e2', 1],
    ]);
    expect(after.datasets['t1/d1']?.sha256).not.toBe(before.datasets['t1/d1']?.sha256);

    const again = readLock(dir);
    expect((await runCli(['plan', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(readLock(dir)).toBe(again);
  });
});

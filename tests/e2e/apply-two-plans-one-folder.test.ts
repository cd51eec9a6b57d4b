/**
 * DESIGN §5: "evalc.lock sits beside the plan file it locks". Two plans in one folder therefore
 * share it: applying the second replaced the first one's lock without a word (QA24 C2). It still
 * does (the lock is the folder's), but now says so, naming both benchmarks.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('two plans in one folder', () => {
  it('warns when apply replaces the lock of another benchmark, and not on a re-apply of the same', async () => {
    const dir = ctx.workspace('two-plans');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    writePlan(dir, { agentUrl: ctx.agent.url });
    const other = JSON.parse(readFileSync(path.join(dir, 'evalc.yaml'), 'utf8')) as {
      benchmark: { id: string };
    };
    other.benchmark.id = 'counting-other';
    writeFileSync(path.join(dir, 'other.yaml'), JSON.stringify(other));

    const first = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { CI: 'true' } });
    expect(first.code).toBe(0);
    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { CI: 'true' } });
    expect(again.stderr).not.toMatch(/held the lock of benchmark/);
    const second = await runCli(['apply', 'other.yaml'], { cwd: dir, env: { CI: 'true' } });
    expect(second.code).toBe(0);
    expect(second.stderr).toContain(
      'evalc.lock held the lock of benchmark counting, another plan in this folder? It now locks counting-other.',
    );
    expect(JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')).plan.benchmark.id).toBe(
      'counting-other',
    );
  });
});

/**
 * QA66: after `apply --only t1` re-ran what an agent's new version changed, `evalc plan` said "No
 * changes" (exit 0) although every step of the plan was cached and evalc.lock recorded none of the
 * new ones: the next `apply` rewrote evalc.lock (the agent's pins and t1's rows). `plan` now has
 * work (exit 2) and says why, and that apply calls no agent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { assertBuilt, countingExamples, runCli, tempWorkspace, writeDataset } from './apply-harness.js';

type Counting = Awaited<ReturnType<typeof startCountingAgent>>;
const firstOptions: { version: string } = { version: '1.0.0' };
let first: Counting;
let second: Counting;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  assertBuilt();
  first = await startCountingAgent(firstOptions);
  second = await startCountingAgent({});
});
afterAll(async () => {
  await first.close();
  await second.close();
  for (const c of cleanups) c();
});

function writePlan(dir: string): void {
  const task = (agent: string) => ({
    agents: [agent],
    bindings: { default: { input: { q: '{{q}}' }, output: { codes: 'output.codes' } } },
    datasets: { d1: { source: 'd1.jsonl' } },
    metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
  });
  const plan = {
    evalc: 1,
    benchmark: { id: 'qa66', version: '1.0.0' },
    agents: {
      a1: { protocol: 'raip', url: first.url },
      a2: { protocol: 'raip', url: second.url },
    },
    tasks: { t1: task('a1'), t2: task('a2') },
    run: { repeats: 2 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
}

describe('plan after apply --only ran every changed step (QA66)', () => {
  it('has work: evalc.lock does not record the cached runs; apply records them calling no agent', async () => {
    const ws = tempWorkspace('qa66-plan-after-only');
    cleanups.push(ws.cleanup);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(3));
    writePlan(ws.dir);
    const cold = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(cold.code, cold.stderr).toBe(0);

    firstOptions.version = '1.1.0';
    first.reset();
    const only = await runCli(['apply', 'evalc.yaml', '--only', 't1', '--quiet'], { cwd: ws.dir });
    expect(only.code, only.stderr).toBe(0);
    expect(first.stats().invokes).toBe(6);
    const lockBefore = readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8');

    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
    expect(planned.code, planned.stdout).toBe(2);
    expect(planned.stdout).toMatch(
      /~ aggregate +qa66 +3 nodes +because evalc\.lock does not record 6 cached runs \(from an `apply --only`, an earlier run whose lock was not kept, as in pull request CI, an apply before an edit was undone, or another plan on a shared cache\): apply records them, calling no agent/,
    );
    expect(planned.stdout).toContain('Plan: 0 to invoke, 0 to extract, 0 to score, 3 to aggregate');
    const json = JSON.parse((await runCli(['plan', 'evalc.yaml', '--json'], { cwd: ws.dir })).stdout) as {
      exitCode: number;
      steps: { id: string; status: string }[];
    };
    expect(json.exitCode).toBe(2);
    const changed = json.steps.filter((s) => s.status !== 'cached').map((s) => s.id);
    expect(changed).toEqual(
      expect.arrayContaining(['aggregate/a1/t1/d1', 'aggregate/task/t1', 'aggregate/benchmark']),
    );
    expect(changed).not.toContain('aggregate/a2/t2/d1');

    first.reset();
    second.reset();
    const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(applied.code, applied.stderr).toBe(0);
    expect(first.stats().invokes + second.stats().invokes).toBe(0);
    expect(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8')).not.toBe(lockBefore);
    const after = await runCli(['plan', 'evalc.yaml'], { cwd: ws.dir });
    expect(after.code, after.stdout).toBe(0);
  });
});

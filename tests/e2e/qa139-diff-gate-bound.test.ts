/**
 * QA139: a pull request that tightens a gate (`min: 0` → `min: 0.25`) showed nothing of it in
 * `evalc diff` while the gate kept passing (the plan's digest alone changed), and only
 * `passed → failed` once it failed, with "No aggregate changed" above: a reviewer could not tell
 * the gate from the agent. The diff names the bound that changed, from the gates each lock records.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('evalc diff of a gate whose bound changed (QA139)', () => {
  it('names the old and new bound, and leaves an unchanged gate out', async () => {
    const dir = ctx.workspace('diff-gate-bound');
    writeDataset(dir, 'd1.jsonl', countingExamples(4, 'n'));
    const plan = (min: number) =>
      writePlan(dir, {
        agentUrl: ctx.agent.url,
        gates: [
          { metric: 'exact_match', min },
          { metric: 'pass_rate', max: 1 },
        ],
      });
    plan(0);
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));
    plan(0.25);
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);

    const text = await runCli(['diff', 'main.lock', 'evalc.lock'], { cwd: dir });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Gates that changed (1):');
    expect(text.stdout).toContain('min exact_match at benchmark (a1): passed (min 0 → 0.25)');
    expect(text.stdout).not.toContain('pass_rate at benchmark');

    const md = await runCli(['diff', 'main.lock', 'evalc.lock', '--format', 'md'], { cwd: dir });
    expect(md.stdout).toContain('- min `exact_match` at `benchmark` (`a1`): passed (min 0 → 0.25)');

    const json = await runCli(['diff', 'main.lock', 'evalc.lock', '--format', 'json'], { cwd: dir });
    const gates = JSON.parse(json.stdout).gates;
    expect(gates).toEqual([
      {
        kind: 'min',
        metric: 'exact_match',
        scope: 'benchmark',
        agent: 'a1',
        old: 'passed',
        new: 'passed',
        bound: { old: 0, new: 0.25 },
      },
    ]);
  });
});

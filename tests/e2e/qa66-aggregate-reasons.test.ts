/**
 * QA66: edits that run no invoke, extract or score step still re-aggregate, and `plan` must say
 * which edit. A deleted example and a reordered dataset both read "because a dataset file changed
 * (its sha256; e.g. example weights)"; `run.seed` and a lowered `run.repeats` read "because the
 * plan changed (no step changes: e.g. a gate, a weight or a description)". No agent is called for
 * any of them, and each apply agrees: it calls nothing.
 */
import { cpSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

async function planAndApply(dir: string): Promise<string> {
  const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
  expect(planned.code, planned.stderr).toBe(2);
  expect(planned.stdout).toContain('Plan: 0 to invoke, 0 to extract, 0 to score');
  ctx.agent.reset();
  const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
  expect(applied.code, applied.stderr).toBe(0);
  expect(ctx.agent.stats().invokes).toBe(0);
  return planned.stdout;
}

describe('plan names the edit behind an aggregate-only change (QA66)', () => {
  it('a removed example, reordered examples, run.seed, and run.repeats lowered', async () => {
    const base = ctx.workspace('qa66-aggregate-reasons');
    const examples = countingExamples(4);
    writeDataset(base, 'd1.jsonl', examples);
    writePlan(base, { agentUrl: ctx.agent.url, run: { repeats: 2 } });
    const cold = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: base });
    expect(cold.code, cold.stderr).toBe(0);
    const copy = (name: string) => {
      const dir = ctx.workspace(name);
      cpSync(base, dir, { recursive: true });
      return dir;
    };

    const removed = copy('qa66-removed');
    writeDataset(
      removed,
      'd1.jsonl',
      examples.filter((e) => e.id !== 'e2'),
    );
    expect(await planAndApply(removed)).toMatch(
      /~ aggregate +counting +\d+ nodes +because an example left the dataset \(d1\/e2\): its results leave evalc\.lock/,
    );

    const reordered = copy('qa66-reordered');
    writeDataset(reordered, 'd1.jsonl', [...examples].reverse());
    expect(await planAndApply(reordered)).toContain(
      'because the examples of d1 were reordered (the bootstrap CIs resample in file order)',
    );

    const seed = copy('qa66-seed');
    writePlan(seed, { agentUrl: ctx.agent.url, run: { repeats: 2, seed: 8 } });
    expect(await planAndApply(seed)).toContain(
      'because run settings changed (seed 7 → 8): aggregates and gates are computed again',
    );

    const fewer = copy('qa66-fewer-repeats');
    writePlan(fewer, { agentUrl: ctx.agent.url, run: { repeats: 1 } });
    expect(await planAndApply(fewer)).toContain(
      "because run.repeats changed (2 → 1): the dropped repeats' results leave evalc.lock",
    );
  });
});

/**
 * QA139: a pull request that bumps `benchmark.version` (1.0.0 → 1.1.0) — `plan` names it
 * (`benchmark.version 1.0.0 → 1.1.0`) — showed in `evalc diff` as the plan's digest alone, though
 * each lock records the version: the diff names it, as it names a changed benchmark id.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('evalc diff of a benchmark version bump (QA139)', () => {
  it('names the old and new version, as information', async () => {
    const dir = ctx.workspace('diff-benchmark-version');
    writeDataset(dir, 'd1.jsonl', countingExamples(3, 'n'));
    const file = writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));
    const plan = readFileSync(file, 'utf8');
    expect(plan).toContain('"version": "1.0.0"');
    writeFileSync(file, plan.replace('"version": "1.0.0"', '"version": "1.1.0"'));
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);

    const text = await runCli(['diff', 'main.lock', 'evalc.lock'], { cwd: dir });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('  · benchmark: version changed 1.0.0 → 1.1.0');
    expect(text.stdout).not.toContain('Not strictly comparable');
  });
});

/**
 * QA39: `EVALC_CACHE_DIR=` (empty — a CI variable filled from one that is not set) is unset for
 * `plan`, `cache` and `report`, but `apply` took it as a folder named "" and failed before the run
 * ("cannot write: ENOENT … mkdir ''"). It now uses `.evalc/cache` beside the plan, like the
 * others; an empty `--cache-dir` or `--out` is a usage error. Real CLI, real loopback agent.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from '../e2e/apply-harness.js';

const ctx = useCountingAgent();

describe('an empty EVALC_CACHE_DIR', () => {
  it('is unset for apply too: the cache goes beside the plan and plan agrees', async () => {
    const dir = ctx.workspace('qa39-empty-cache-env');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writePlan(dir, { agentUrl: ctx.agent.url });
    const env = { ...process.env, EVALC_CACHE_DIR: '' };
    const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, env });
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    expect(existsSync(path.join(dir, '.evalc', 'cache', 'steps.log'))).toBe(true);
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir, env });
    expect(planned.code).toBe(0);
  });

  it.each(['--cache-dir', '--out'])('refuses an empty %s (64)', async (flag) => {
    const dir = ctx.workspace('qa39-empty-flag');
    writeDataset(dir, 'd1.jsonl', countingExamples(1));
    writePlan(dir, { agentUrl: ctx.agent.url });
    ctx.agent.reset();
    const result = await runCli(['apply', 'evalc.yaml', flag, ''], { cwd: dir });
    expect(result.code).toBe(64);
    expect(result.stderr).toMatch(new RegExp(`^evalc: ${flag} needs a folder\\n`));
    expect(ctx.agent.stats().invokes).toBe(0);
  });
});

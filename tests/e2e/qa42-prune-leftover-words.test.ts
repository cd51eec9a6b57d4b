/**
 * QA42: the copies a killed prune left beside the log (QA39 made prune remove them) were counted
 * as "downloaded dataset or schema file(s) no lockfile reaches" — files the user never downloaded.
 * prune now names them as what they are, beside any downloaded files it drops.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('cache prune on the copies a killed prune left', () => {
  it('says what they are, with --dry-run and when removing them', async () => {
    const dir = ctx.workspace('qa42-prune-words');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const cache = path.join(dir, '.evalc', 'cache');
    copyFileSync(path.join(cache, 'steps.log'), path.join(cache, 'steps.log.prune-4242'));
    copyFileSync(path.join(cache, 'steps.crc'), path.join(cache, 'steps.crc.prune-4242'));

    const dry = await runCli(['cache', 'prune', '--dry-run'], { cwd: dir });
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/; would remove 2 leftover copies of a killed prune \(\d+ bytes\)\n$/);
    expect(dry.stdout).not.toContain('downloaded');

    const prune = await runCli(['cache', 'prune'], { cwd: dir });
    expect(prune.code).toBe(0);
    expect(prune.stdout).toMatch(/; removed 2 leftover copies of a killed prune \(\d+ bytes\)\n$/);
  });
});

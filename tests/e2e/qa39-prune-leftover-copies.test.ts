/**
 * QA39: a `cache prune` killed (SIGKILL, OOM, power loss) between writing its copy of the log and
 * renaming it over the log leaves `steps.log.prune-<pid>` and `steps.crc.prune-<pid>` beside the
 * log (a checksum rewrite leaves `steps.crc.tmp-<pid>`), each as large as what the prune kept. No
 * later prune removed them, so a shared CI cache grew by a log's size per killed prune. The next
 * prune now counts (`--dry-run`) and removes them, and leaves the log itself serving every entry.
 * The files planted here are the ones a prune killed by SIGKILL at that moment left (same names,
 * a copy of the log's text).
 */
import { copyFileSync, existsSync, readdirSync } from 'node:fs';
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

describe('cache prune and the copies a killed prune left', () => {
  it('counts them with --dry-run, removes them, and the log still serves every step', async () => {
    const dir = ctx.workspace('prune-leftovers');
    writeDataset(dir, 'd1.jsonl', countingExamples(4));
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const lock = readLock(dir);
    const cache = path.join(dir, '.evalc', 'cache');
    const leftovers = ['steps.log.prune-4242', 'steps.crc.prune-4242', 'steps.crc.tmp-4243'];
    copyFileSync(path.join(cache, 'steps.log'), path.join(cache, leftovers[0]!));
    copyFileSync(path.join(cache, 'steps.crc'), path.join(cache, leftovers[1]!));
    copyFileSync(path.join(cache, 'steps.crc'), path.join(cache, leftovers[2]!));

    const dry = await runCli(['cache', 'prune', '--dry-run', '--json'], { cwd: dir });
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dryRun: true, removed: 0, sideFilesRemoved: 3 });
    for (const name of leftovers) expect(existsSync(path.join(cache, name))).toBe(true);

    const prune = await runCli(['cache', 'prune'], { cwd: dir });
    expect(prune.code).toBe(0);
    expect(prune.stdout).toMatch(/; removed 3 /);
    expect(readdirSync(cache).sort()).toEqual(['schemas', 'steps.crc', 'steps.log']);

    // Nothing the lock reaches went with them: a re-apply without the lock calls no agent.
    ctx.agent.reset();
    const again = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(readLock(dir)).toBe(lock);
  });
});

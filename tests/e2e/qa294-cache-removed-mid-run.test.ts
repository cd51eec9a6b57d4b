/**
 * QA294: a cache folder removed while apply runs (`rm -rf .evalc/cache`, a CI step clearing
 * caches, a cache restored over it) took every answer the run cached with it — the run wrote on
 * into the file it held open — and apply said `Apply complete` with nothing more: the next plan
 * found the answers gone. It now warns, naming the log, what went and what still holds.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  startCli,
  useCountingAgent,
  waitCli,
  writeDataset,
  writePlan,
} from './apply-harness.js';
import { applyUnderWay } from './apply-under-way.js';

const ctx = useCountingAgent({ delayMs: 40 });

describe('evalc apply: the cache folder is removed mid-run', () => {
  it('warns that what the run cached went with it', async () => {
    const { dir, child } = await applyUnderWay(ctx, 'qa294-cache-removed', 40);
    const cache = path.join(dir, '.evalc', 'cache');
    rmSync(cache, { recursive: true, force: true });
    expect(ctx.agent.stats().invokes).toBeLessThan(40); // removed before the run ended
    const run = await waitCli(child);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `evalc: warning: the cache log ${cache}/steps.log was removed or replaced while apply ran: what this run cached went with it (evalc.lock still records the results; the reports lose their trajectories, and a plan edit asks the agents again)\n`,
    );
  });

  it('says nothing of a cache left alone', async () => {
    const dir = ctx.workspace('qa294-cache-kept');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    writePlan(dir, { agentUrl: ctx.agent.url });
    const run = await waitCli(startCli(['apply', 'evalc.yaml'], { cwd: dir }));
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('was removed or replaced');
  });
});

/**
 * An up-to-date apply whose reports are current never opens the step log: with a shared cache of
 * a million entries, loading its index cost 2.4–2.7 s for nothing (QA23 W1), and at 100k examples
 * ~0.8 s of a cached re-apply. RAIP discovery reads the locked input schema from `schemas/` beside
 * the log (a 304 reuses it). A run that does open the log says how many damaged entries it skipped
 * (QA23 W2: it said nothing).
 */
import { appendFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
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

describe('an up-to-date apply', () => {
  it('never opens the step log, and finds the RAIP schema in schemas/', async () => {
    const dir = ctx.workspace('up-to-date-log');
    writeDataset(dir, 'd1.jsonl', countingExamples(4));
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const cacheDir = path.join(dir, '.evalc', 'cache');
    expect(readdirSync(path.join(cacheDir, 'schemas'))).toHaveLength(1);
    const lock = readLock(dir);

    // A step log that cannot be opened at all: only a run that reads it would notice.
    const log = path.join(cacheDir, 'steps.log');
    renameSync(log, `${log}.away`);
    mkdirSync(log);
    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout + again.stderr).toContain('evalc.lock is up to date');
    expect(readLock(dir)).toBe(lock);
    rmSync(log, { recursive: true });
    renameSync(`${log}.away`, log);
  });

  it('a run that reads the log says how many damaged entries it skipped', async () => {
    const dir = ctx.workspace('damaged-note');
    writeDataset(dir, 'd1.jsonl', countingExamples(4));
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const log = path.join(dir, '.evalc', 'cache', 'steps.log');
    expect(existsSync(log)).toBe(true);
    appendFileSync(log, 'not an entry\n');
    // A metric parameter changes: the run re-scores from the cache, so it reads the log.
    writePlan(dir, {
      agentUrl: ctx.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'evalc: note: the cache skipped 1 damaged entry (its step runs again; `evalc cache prune evalc.yaml` drops it)',
    );
  });
});

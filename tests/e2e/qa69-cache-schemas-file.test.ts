/**
 * QA69: `schemas/` beside the step log only saves discovery a read of the log, so a cache whose
 * `schemas` is a file (a bad restore, a hand edit) must still apply. The failed side-copy's
 * cleanup (`rm` of its temp file under a file) threw ENOTDIR and stopped the apply with exit 1,
 * though every step was cached; now the copy is skipped and the run ends as a clean one.
 */
import { rmSync, writeFileSync } from 'node:fs';
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

describe('a cache whose schemas is a file', () => {
  it('applies from the cache, calling no agent, to the same lockfile', async () => {
    const dir = ctx.workspace('qa69-schemas-file');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    writePlan(dir, { agentUrl: ctx.agent.url });
    const cold = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(cold.code, cold.stderr).toBe(0);
    const lock = readLock(dir);
    const schemas = path.join(dir, '.evalc', 'cache', 'schemas');
    rmSync(schemas, { recursive: true });
    writeFileSync(schemas, 'not a folder\n');
    rmSync(path.join(dir, 'evalc.lock'));
    ctx.agent.reset();

    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).not.toContain('ENOTDIR');
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(readLock(dir)).toBe(lock);
  });
});

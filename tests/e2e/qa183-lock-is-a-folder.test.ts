/**
 * QA183: a folder named `evalc.lock` beside the plan let apply call every agent, then fail
 * renaming its temp file onto it (`EISDIR … rename '…/evalc.lock.tmp-<pid>' -> '…/evalc.lock'`),
 * exit 1 with nothing written. It is now refused before the first agent call, naming evalc.lock;
 * so is a file where `.evalc/reports` goes (the run called every agent and wrote evalc.lock first).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('apply with a folder where evalc.lock goes', () => {
  it('refuses before calling any agent, naming evalc.lock', async () => {
    const dir = ctx.workspace('qa183-lock-folder');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    writePlan(dir, { agentUrl: ctx.agent.url });
    mkdirSync(path.join(dir, 'evalc.lock'));
    ctx.agent.reset();
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain('.tmp-');
    expect(run.stderr).toMatch(
      /^evalc: cannot write: EISDIR: illegal operation on a directory, open '.*\/evalc\.lock' \(checked before calling any agent\) \(evalc\.lock is a folder, not a file\)\n$/,
    );
    expect(ctx.agent.stats().invokes).toBe(0);
  });

  it('a file where .evalc/reports goes: refused before any agent call, evalc.lock not written', async () => {
    const dir = ctx.workspace('qa183-reports-file');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    writePlan(dir, { agentUrl: ctx.agent.url });
    mkdirSync(path.join(dir, '.evalc'));
    writeFileSync(path.join(dir, '.evalc', 'reports'), '');
    ctx.agent.reset();
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^evalc: cannot write: EEXIST: file already exists, mkdir '.*\/\.evalc\/reports' \(checked before calling any agent\) \(\.evalc\/reports is a file, not a folder\)\n$/,
    );
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(existsSync(path.join(dir, 'evalc.lock'))).toBe(false);
  });
});

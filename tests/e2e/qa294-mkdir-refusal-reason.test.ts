/**
 * QA294: a folder apply could not make, where the file system says only ENOENT (Node's recursive
 * mkdir says so under a broken link as on a read-only file system), read `cannot create DIR: a
 * folder on its path is a broken link, or its file system is read-only`, leaving the user to find
 * which, and where. The message now names the link and where it leads (or the loop, or the
 * read-only folder), and what to do, before any agent is asked.
 */
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

function workspace(): string {
  const dir = ctx.workspace('qa294-mkdir-reason');
  writeDataset(dir, 'd1.jsonl', countingExamples(3));
  writePlan(dir, { agentUrl: ctx.agent.url });
  return dir;
}

describe('evalc apply: a --cache-dir or --out it cannot make', () => {
  it('names the broken link on its path and where it leads', async () => {
    const dir = workspace();
    symlinkSync(path.join(dir, 'gone'), path.join(dir, 'shared'));
    symlinkSync('shared', path.join(dir, 'alias'));
    ctx.agent.reset();
    const run = await runCli(['apply', 'evalc.yaml', '--cache-dir', 'shared/cache'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `evalc: cannot write: ENOENT: no such file or directory, mkdir '${path.join(dir, 'shared/cache')}' (cannot create shared/cache: shared is a link to ${path.join(dir, 'gone')}, which does not exist: make that folder, or remove the link)\n`,
    );
    const chained = await runCli(['apply', 'evalc.yaml', '--out', 'alias'], { cwd: dir });
    expect(chained.code).toBe(1);
    expect(chained.stderr).toContain(
      '(cannot create alias: alias is a link to shared, which leads to no folder: make that folder, or remove the link)\n',
    );
    expect(ctx.agent.stats().invokes).toBe(0);
  });

  it('names a loop of links on its path', async () => {
    const dir = workspace();
    symlinkSync('loop-b', path.join(dir, 'loop-a'));
    symlinkSync('loop-a', path.join(dir, 'loop-b'));
    ctx.agent.reset();
    const run = await runCli(['apply', 'evalc.yaml', '--cache-dir', 'loop-a/cache'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      '(cannot create loop-a/cache: loop-a is a loop of links, which reaches no folder)\n',
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(ctx.agent.stats().invokes).toBe(0);
  });
});

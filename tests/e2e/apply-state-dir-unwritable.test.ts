/**
 * A state folder that cannot be created is the user's environment, not a bug: `.evalc` as a
 * broken symlink (as on a read-only file system, Node's recursive mkdir says ENOENT) ends
 * apply with one line naming the folder, exit 1, and no stack trace. `plan` writes nothing
 * (unless it serves an agent), so it still plans there.
 */
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countingExamples, runCli, tempWorkspace, writeDataset, writePlan } from './apply-harness.js';

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

describe('evalc apply / plan: the state folder cannot be created', () => {
  function brokenStateDir(): string {
    const ws = tempWorkspace('state-dir');
    cleanups.push(ws.cleanup);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(3));
    // Nothing listens there: the run must stop before any agent is asked.
    writePlan(ws.dir, { agentUrl: 'http://127.0.0.1:9' });
    symlinkSync(path.join(ws.dir, 'missing', 'state'), path.join(ws.dir, '.evalc'));
    return ws.dir;
  }

  it('apply says which folder in one line', async () => {
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: brokenStateDir() });
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stderr).toMatch(
      /^evalc: cannot write: ENOENT: no such file or directory, mkdir '.*\.evalc\/cache' \(cannot create \.evalc\/cache: \.evalc is a link to .*\/missing\/state, which does not exist: make that folder, or remove the link\)\n$/,
    );
  });

  it('plan writes nothing, so it still plans (exit 2: there is work)', async () => {
    const run = await runCli(['plan', 'evalc.yaml'], { cwd: brokenStateDir() });
    // (a1 is not listening: plan says so in a note and plans it from the plan alone)
    expect(run.stderr).not.toContain('cannot write');
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('Plan: 3 to invoke');
  });
});

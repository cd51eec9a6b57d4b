/**
 * A state folder that cannot be created is the user's environment, not a bug: `.evalc` as a
 * broken symlink (as on a read-only file system, Node's recursive mkdir says ENOENT) ends
 * apply and plan with one line naming the folder, exit 1, and no stack trace.
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
  it.each([['apply'], ['plan']])('%s says which folder in one line', async (command) => {
    const ws = tempWorkspace('state-dir');
    cleanups.push(ws.cleanup);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(3));
    // Nothing listens there: the run must stop before any agent is asked.
    writePlan(ws.dir, { agentUrl: 'http://127.0.0.1:9' });
    symlinkSync(path.join(ws.dir, 'missing', 'state'), path.join(ws.dir, '.evalc'));
    const run = await runCli([command, 'evalc.yaml'], { cwd: ws.dir });
    expect(run.code).toBe(1);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stderr).toMatch(
      /^evalc: cannot write: ENOENT: no such file or directory, mkdir '.*\.evalc\/(cache|logs)' \(cannot create \.evalc\/(cache|logs): a folder on its path is a broken link, or its file system is read-only\)\n$/,
    );
  });
});

/**
 * QA188: `evalc apply --locked` with an evalc.lock that is there but cannot be read (a folder of
 * that name; a file of another user, mode 600) said "--locked: there is no evalc.lock beside the
 * plan to check against", hinted to write one with an apply without --locked, which met the same
 * thing (2abbee9: 'evalc.lock is a folder, not a file'). It now says the lock cannot be read and
 * why, hinted to put the committed one back (exit 1, no agent called, as before).
 */
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  runCli,
  runUnprivilegedCli,
  useCountingAgent,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent();

const HINT =
  'hint: put the committed lockfile back in its place, readable by the user evalc runs as (remove what stands there, then `git checkout -- evalc.lock`): --locked checks this branch against it.\n';

describe('apply --locked with an evalc.lock it cannot read', () => {
  it('a folder named evalc.lock: says so', async () => {
    const dir = ctx.workspace('qa188-locked-lock-folder');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writePlan(dir, { agentUrl: ctx.agent.url });
    mkdirSync(path.join(dir, 'evalc.lock'));
    ctx.agent.reset();
    const run = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `evalc: --locked: evalc.lock beside the plan cannot be read: it is a folder, not a file\n${HINT}`,
    );
    expect(ctx.agent.stats().invokes).toBe(0);
  });

  it('a file it may not read: says permission denied', async () => {
    const dir = ctx.workspace('qa188-locked-lock-unreadable');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    // No one but root may read it: the CLI runs as nobody under root, as this user otherwise.
    chmodSync(path.join(dir, 'evalc.lock'), 0o000);
    chmodSync(dir, 0o777);
    chmodSync(path.join(dir, '.evalc'), 0o777);
    ctx.agent.reset();
    const run = await runUnprivilegedCli(['apply', 'evalc.yaml', '--locked'], dir);
    chmodSync(path.join(dir, 'evalc.lock'), 0o644);
    expect(run.stderr).toBe(
      `evalc: --locked: evalc.lock beside the plan cannot be read (permission denied)\n${HINT}`,
    );
    expect(run.code).toBe(1);
    expect(ctx.agent.stats().invokes).toBe(0);
  });
});

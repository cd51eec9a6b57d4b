/**
 * QA216: an evalc.lock that is a link to a lockfile in a folder apply cannot write in (a shared
 * `locks/` of another user; the lockfile itself writable) let the run call every agent, then failed
 * writing the lock through the link (496621e writes it in the linked file's folder): the check made
 * before the first call looked at the plan's folder only. It now refuses before any agent is asked,
 * naming the lockfile the link leads to, as QA68 does for the plan folder.
 *
 * Root ignores file modes: the CLI runs as `nobody` (setpriv) when the tests run as root.
 */
import { chmodSync, mkdirSync, readFileSync, renameSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  runUnprivilegedCli,
  useCountingAgent,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent();

describe('evalc apply: evalc.lock links to a lockfile in a folder it cannot write in', () => {
  it('refuses before calling any agent, naming the linked lockfile', async () => {
    const dir = ctx.workspace('qa216-link-ro');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    writePlan(dir, { agentUrl: ctx.agent.url });
    chmodSync(dir, 0o777);
    expect((await runUnprivilegedCli(['apply', 'evalc.yaml', '--quiet'], dir)).code).toBe(0);
    const locks = path.join(dir, 'locks');
    mkdirSync(locks);
    const target = path.join(locks, 'prod.lock');
    renameSync(path.join(dir, 'evalc.lock'), target);
    chmodSync(target, 0o666);
    chmodSync(locks, 0o755);
    symlinkSync(path.join('locks', 'prod.lock'), path.join(dir, 'evalc.lock'));
    const before = readFileSync(target, 'utf8');
    // One more example: the run has an agent to call and a lock to write.
    writeDataset(dir, 'd1.jsonl', countingExamples(4));
    ctx.agent.reset();
    const run = await runUnprivilegedCli(['apply', 'evalc.yaml'], dir);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(run.stderr).toMatch(
      /^evalc: cannot write: EACCES: permission denied, open '.*\/locks\/prod\.lock' \(checked before calling any agent\)/,
    );
    expect(run.code).toBe(1);
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(before);
  });
});

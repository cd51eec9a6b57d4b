/**
 * QA192: apply refuses its own damaged evalc.lock with the restore command from where it runs
 * (44fa378, QA180). A lock whose header is sound and one row is damaged (a hand edit: a row's
 * `invoke` set to null) passes the header read, and an up-to-date apply, reading the rows to
 * render its reports, refused it with the readers' advice, 'restore it from git, or delete it and
 * run `evalc apply` to re-create it', without the command. It now gives apply's own.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appliedWorkspace, runCli, useCountingAgent } from './apply-harness.js';

const ctx = useCountingAgent();

describe('an up-to-date apply of a lock with a damaged row (QA192)', () => {
  it('is refused with the restore command from where apply runs', async () => {
    const { dir, lock } = await appliedWorkspace(ctx, 'qa192-damaged-row', { agentUrl: ctx.agent.url });
    const lines = lock.split('\n');
    const at = lines.indexOf('  "results": [') + 1;
    const row = JSON.parse((lines[at] as string).replace(/,$/, '')) as Record<string, unknown>;
    row.invoke = null;
    lines[at] = `    ${JSON.stringify(row)},`;
    writeFileSync(path.join(dir, 'evalc.lock'), lines.join('\n'));

    const run = await runCli(['apply', `${path.basename(dir)}/evalc.yaml`], { cwd: path.dirname(dir) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `results[0].invoke: expected a list, got null; restore it (\`git checkout -- ${path.basename(dir)}/evalc.lock\`) or delete it`,
    );
  });
});

describe('an up-to-date apply --locked of a lock with a damaged row (QA197)', () => {
  it('is told to restore it, not that apply writes it again (--locked writes no lock)', async () => {
    const { dir, lock } = await appliedWorkspace(ctx, 'qa197-damaged-row-locked', {
      agentUrl: ctx.agent.url,
    });
    const lines = lock.split('\n');
    const at = lines.indexOf('  "results": [') + 1;
    const row = JSON.parse((lines[at] as string).replace(/,$/, '')) as Record<string, unknown>;
    row.invoke = null;
    lines[at] = `    ${JSON.stringify(row)},`;
    writeFileSync(path.join(dir, 'evalc.lock'), lines.join('\n'));

    const run = await runCli(['apply', '--locked', 'evalc.yaml'], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'results[0].invoke: expected a list, got null; restore it (`git checkout -- evalc.lock`): --locked checks this branch against it',
    );
  });
});

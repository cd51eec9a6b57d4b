/**
 * QA209: a baseline saved as base.lock and committed, merged with conflict markers, was told by
 * diff, report and --baseline to 'keep either side's version (`git checkout --ours -- <lock>`), then
 * run `evalc apply` on the merged plan and commit the lock it writes': apply writes the evalc.lock
 * beside a plan, never base.lock, which stayed conflicted. It is told to keep a side of it, named,
 * and commit it; an evalc.lock keeps apply's advice, which holds for it. Both name the lock to
 * check out from where the command runs: plan, apply, diff and report said `-- <lock>`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffCommand } from '../../src/cli/diff.js';
import { planCommand } from '../../src/cli/plan.js';
import { reportCommand } from '../../src/cli/report.js';
import { readPreviousPins } from '../../src/executor/locked-inputs.js';
import { sharedTempFolder } from '../fixtures/temp-folder.js';
import { REPO_ROOT, runCommand } from './run-cli.js';

const GOOD = readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8');

/** The lock with one line of it changed on both sides of a merge. */
function conflicted(): string {
  const lines = GOOD.split('\n');
  lines.splice(3, 1, '<<<<<<< HEAD', lines[3] ?? '', '=======', `${lines[3]} `, '>>>>>>> feature');
  return lines.join('\n');
}

describe('a baseline lock with merge conflict markers (QA209)', () => {
  const dir = sharedTempFolder('evalc-qa209-conflict-');

  it('is told to keep a side of it and commit it, not to run apply', async () => {
    writeFileSync(path.join(dir, 'evalc.lock'), GOOD);
    writeFileSync(path.join(dir, 'base.lock'), conflicted());
    const diff = await runCommand(diffCommand, ['base.lock', 'evalc.lock'], { cwd: dir });
    expect(diff.code).toBe(1);
    const advice =
      "has git merge conflict markers (<<<<<<<): keep either side's version (`git checkout --ours -- base.lock`) and commit it: `evalc apply` writes only the evalc.lock beside a plan, not base.lock\n";
    expect(diff.stderr).toContain(`${path.join(dir, 'base.lock')}:4 ${advice}`);
    const report = await runCommand(
      reportCommand,
      ['--from', 'evalc.lock', '--baseline', 'base.lock', '--out', 'out'],
      { cwd: dir },
    );
    expect(report.code).toBe(1);
    expect(report.stderr).toContain(advice);
  });

  it('names it from where the command runs', async () => {
    const diff = await runCommand(diffCommand, [path.join(dir, 'base.lock'), 'evalc.lock'], {
      cwd: path.join(dir, '..'),
    });
    expect(diff.stderr).toContain(`\`git checkout --ours -- ${path.basename(dir)}/base.lock\``);
  });

  it('keeps apply as the way out of a conflicted evalc.lock, the lock named, not `<lock>`', async () => {
    writeFileSync(path.join(dir, 'evalc.lock'), conflicted());
    writeFileSync(path.join(dir, 'base.lock'), GOOD);
    const advice =
      "keep either side's version (`git checkout --ours -- evalc.lock`), then run `evalc apply` on the merged plan and commit the lock it writes\n";
    const diff = await runCommand(diffCommand, ['base.lock', 'evalc.lock'], { cwd: dir });
    expect(diff.code).toBe(1);
    expect(diff.stderr).toContain(advice);
    writeFileSync(path.join(dir, 'evalc.yaml'), 'evalc: 1\n');
    const plan = await runCommand(planCommand, [], { cwd: dir });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(advice);
    // apply's refusal, named from where it runs (`evalc apply sub/evalc.yaml`)
    const pins = readPreviousPins(path.join(dir, 'evalc.lock'), path.dirname(dir));
    expect(pins.ok ? '' : pins.message).toContain(
      `(\`git checkout --ours -- ${path.basename(dir)}/evalc.lock\`), then`,
    );
  });
});

/**
 * QA209: `plan --only` over a damaged or cut-short .evalc/evalc.only.lock (apply --only's, which
 * .evalc/'s .gitignore keeps out of git) was told '(restore it from git, or delete it and run `evalc
 * apply` to re-create it)': apply writes only evalc.lock. It is told what diff, report and prune
 * say of it, to run `evalc apply --only …` again; evalc.lock keeps apply's advice.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { REPO_ROOT, runCommand } from './run-cli.js';

const LOCK = readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8');

function planFolder(): string {
  const dir = tempFolder('evalc-qa209-plan-only-');
  mkdirSync(path.join(dir, '.evalc'));
  writeFileSync(path.join(dir, 'evalc.yaml'), 'evalc: 1\n');
  writeFileSync(path.join(dir, 'evalc.lock'), LOCK);
  return dir;
}

describe('plan --only over a damaged .evalc/evalc.only.lock (QA209)', () => {
  it('is told to run apply --only again, cut short or with a damaged row', async () => {
    const dir = planFolder();
    const damagedRow = LOCK.replace(/"invoke":\[[^\]]*\]/, '"invoke":null');
    expect(damagedRow).not.toBe(LOCK);
    for (const text of [LOCK.slice(0, 300), damagedRow]) {
      writeFileSync(path.join(dir, '.evalc/evalc.only.lock'), text);
      const run = await runCommand(planCommand, ['--only', 't/d'], { cwd: dir });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('evalc.only.lock');
      expect(run.stderr).toMatch(/ \(delete it and run `evalc apply --only …` again to re-create it\)\n$/);
    }
  });

  it('keeps apply as the way out of a damaged evalc.lock', async () => {
    const dir = planFolder();
    writeFileSync(path.join(dir, 'evalc.lock'), LOCK.slice(0, 300));
    const run = await runCommand(planCommand, [], { cwd: dir });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      / \(restore it from git, or delete it and run `evalc apply` to re-create it\)\n$/,
    );
  });
});

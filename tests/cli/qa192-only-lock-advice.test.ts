/**
 * QA192: a damaged .evalc/evalc.only.lock (what `evalc apply --only` writes) named to `evalc report
 * --from` or `evalc diff` was told '(restore it from git or from where it came from: `evalc apply`
 * writes only the evalc.lock beside a plan, not evalc.only.lock)': apply --only does write it, and
 * .evalc/ is not in git. It is told to re-create it with apply --only; a base.lock keeps 7e36209's.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffCommand } from '../../src/cli/diff.js';
import { reportCommand } from '../../src/cli/report.js';
import { REPO_ROOT, runCommand } from './run-cli.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa192-only-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a damaged evalc.only.lock (QA192)', () => {
  it('is told to re-create it with apply --only, not that apply never writes it', async () => {
    const good = readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8');
    const damaged = JSON.parse(good) as { run: Record<string, unknown> };
    damaged.run.repeats = 'two';
    mkdirSync(path.join(dir, '.evalc'));
    writeFileSync(path.join(dir, '.evalc', 'evalc.only.lock'), JSON.stringify(damaged, null, 2));
    writeFileSync(path.join(dir, 'base.lock'), JSON.stringify(damaged, null, 2));
    writeFileSync(path.join(dir, 'evalc.lock'), good);

    const report = await runCommand(reportCommand, ['--from', '.evalc/evalc.only.lock'], { cwd: dir });
    expect(report.code).toBe(1);
    expect(report.stderr).toContain(
      'run.repeats: expected a number, got the string "two" (delete it and run `evalc apply --only …` again to re-create it)',
    );
    const diff = await runCommand(diffCommand, ['.evalc/evalc.only.lock', 'evalc.lock'], { cwd: dir });
    expect(diff.stderr).toContain('again to re-create it)');
    const base = await runCommand(diffCommand, ['base.lock', 'evalc.lock'], { cwd: dir });
    expect(base.stderr).toContain('`evalc apply` writes only the evalc.lock beside a plan, not base.lock)');
  });
});

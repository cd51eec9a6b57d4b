/**
 * QA180: a lockfile named on the command line that is not apply's `evalc.lock` — a baseline saved as
 * base.lock (`git show main:evalc.lock > base.lock`) for `evalc diff` or `--baseline` — was told,
 * when of the wrong shape, to 'delete it and run `evalc apply` to re-create it': apply writes the
 * branch's evalc.lock, never base.lock, which a user following the advice then lacked. It is told to
 * restore it; an evalc.lock keeps the advice, which holds for it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffCommand } from '../../src/cli/diff.js';
import { reportCommand } from '../../src/cli/report.js';
import { REPO_ROOT, runCommand } from './run-cli.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa180-baseline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a damaged lockfile that apply does not write (QA180)', () => {
  it('is told to be restored, not re-created by evalc apply; evalc.lock keeps that advice', async () => {
    const good = readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8');
    const damaged = JSON.parse(good) as { datasets: Record<string, Record<string, unknown>> };
    for (const pin of Object.values(damaged.datasets)) delete pin.source;
    writeFileSync(path.join(dir, 'base.lock'), JSON.stringify(damaged, null, 2));
    writeFileSync(path.join(dir, 'evalc.lock'), good);

    const diff = await runCommand(diffCommand, ['base.lock', 'evalc.lock'], { cwd: dir });
    expect(diff.code).toBe(1);
    expect(diff.stderr).toContain(
      'datasets.t/d.source: expected a string, got nothing (restore it from git or from where it came from: `evalc apply` writes only the evalc.lock beside a plan, not base.lock)',
    );
    expect(diff.stderr).not.toContain('re-create it');
    const report = await runCommand(reportCommand, ['--from', 'base.lock'], { cwd: dir });
    expect(report.stderr).toContain('not base.lock)');

    // The same of a base.lock from a newer evalc: upgrading is its way out, not re-creating it.
    writeFileSync(path.join(dir, 'base.lock'), JSON.stringify({ ...JSON.parse(good), lockVersion: 999 }));
    const newer = await runCommand(diffCommand, ['base.lock', 'evalc.lock'], { cwd: dir });
    expect(newer.stderr).toMatch(/this evalc reads lockVersion \d+: upgrade evalc\n$/);

    writeFileSync(path.join(dir, 'base.lock'), good);
    writeFileSync(path.join(dir, 'evalc.lock'), JSON.stringify(damaged, null, 2));
    const mine = await runCommand(diffCommand, ['base.lock', 'evalc.lock'], { cwd: dir });
    expect(mine.stderr).toContain(
      '(restore it from git, or delete it and run `evalc apply` to re-create it)',
    );
  });
});

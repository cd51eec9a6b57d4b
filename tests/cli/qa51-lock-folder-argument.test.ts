/**
 * QA51: a plan folder names its evalc.yaml for validate/plan/apply and its evalc.lock for
 * `cache prune --lock DIR`, but `report --from DIR`, `--baseline DIR` and `diff DIR1 DIR2` said
 * "no lockfile at DIR" of a folder that holds one. A folder now names its evalc.lock there too.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { diffCommand } from '../../src/cli/diff.js';
import { reportCommand } from '../../src/cli/report.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { runCommand } from './run-cli.js';

const locks = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'locks');

function planFolders(): string {
  const dir = tempFolder('evalc-qa51-lockdir-');
  for (const [name, lock] of [
    ['main', 'course-advisor.lock'],
    ['pr', 'course-advisor.a3-regressed.lock'],
  ] as const) {
    mkdirSync(path.join(dir, name));
    copyFileSync(path.join(locks, lock), path.join(dir, name, 'evalc.lock'));
  }
  return dir;
}

describe('a plan folder as a lockfile argument (QA51)', () => {
  it('report --from DIR and --baseline DIR read DIR/evalc.lock', async () => {
    const dir = planFolders();
    const byFolder = await runCommand(
      reportCommand,
      ['--from', 'pr', '--baseline', 'main', '--format', 'md'],
      {
        cwd: dir,
      },
    );
    const byFile = await runCommand(
      reportCommand,
      ['--from', 'pr/evalc.lock', '--baseline', 'main/evalc.lock', '--format', 'md'],
      { cwd: dir },
    );
    expect(byFolder.code).toBe(0);
    expect(byFolder.stdout).toBe(byFile.stdout);
    expect(byFolder.stdout).toContain('Changes vs baseline');
  });

  it('diff DIR1 DIR2 compares their evalc.lock files', async () => {
    const dir = planFolders();
    const byFolder = await runCommand(diffCommand, ['main', 'pr'], { cwd: dir });
    const byFile = await runCommand(diffCommand, ['main/evalc.lock', 'pr/evalc.lock'], { cwd: dir });
    expect(byFolder.code).toBe(byFile.code);
    expect(byFolder.stdout).toBe(byFile.stdout);
    expect(byFolder.stdout).toContain('evalc diff');
  });
});

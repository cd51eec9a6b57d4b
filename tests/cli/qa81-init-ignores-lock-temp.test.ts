/**
 * An apply killed while it writes evalc.lock leaves `evalc.lock.tmp-<pid>` beside the plan until
 * the next apply removes it; `git status` listed it and `git add -A` committed a torn lockfile
 * (QA81). The `.gitignore` that `evalc init` writes keeps it out of git, as it keeps `.evalc/`.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initCommand } from '../../src/cli/init.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { runCommand } from './run-cli.js';

describe('evalc init .gitignore', () => {
  it("keeps a killed lock write's temp file out of git, and evalc.lock in it", async () => {
    const dir = tempFolder('evalc-qa81-init-');
    expect((await runCommand(initCommand, ['.'], { cwd: dir })).code).toBe(0);
    writeFileSync(path.join(dir, 'evalc.lock.tmp-4242'), '{"torn');
    writeFileSync(path.join(dir, 'evalc.lock'), '{}\n');
    execFileSync('git', ['init', '-q'], { cwd: dir });
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(status).not.toContain('evalc.lock.tmp-4242');
    expect(status).toContain('?? evalc.lock\n');
  });
});

/**
 * QA183: a plan file evalc may not read (mode 600, another owner) was refused "cannot be read
 * (permission denied)" with the hint "a plan file is YAML text in a regular file", which it is.
 * The hint now points at the file's mode and owner (exit 64, as before).
 */
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runUnprivilegedCli, tempWorkspace } from '../e2e/apply-harness.js';

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const c of cleanups) c();
});

describe('a plan file that cannot be read', () => {
  it('names its mode and owner in the hint', async () => {
    const ws = tempWorkspace('qa183-unreadable-plan');
    cleanups.push(ws.cleanup);
    chmodSync(ws.dir, 0o755);
    writeFileSync(path.join(ws.dir, 'evalc.yaml'), 'evalc: 1\n');
    // No one but root may read it: the CLI runs as nobody under root, as this user otherwise (QA188:
    // the test ran as root only, mode 600 being readable by its owner).
    chmodSync(path.join(ws.dir, 'evalc.yaml'), 0o000);
    const run = await runUnprivilegedCli(['validate', 'evalc.yaml'], ws.dir);
    expect(run.code).toBe(64);
    expect(run.stderr).toBe(
      'error EVALC_FILE_NOT_FOUND: plan file evalc.yaml cannot be read (permission denied)\n' +
        '  hint: evalc runs as a user that cannot read it: check its mode and owner (ls -l evalc.yaml)\n' +
        '1 error, 0 warnings\n',
    );
  });
});

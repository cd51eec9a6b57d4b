/**
 * QA157: `npm run build` (scripts/build.mjs, 87c1c36) first removes the staging folders of builds
 * whose process is gone. One it could not remove — a `sudo npm run build` stopped with Ctrl-C
 * leaves a dist.build-<pid>/ owned by root — threw, so every later build stopped there with an
 * EACCES stack trace; and a folder whose process runs as another user (EPERM to signal) was taken
 * for dead and removed. Now the first is named and kept, the second kept. The script runs from a
 * copy in a temporary root whose tsc is a stand-in that fails at once after that first step; as
 * `nobody` when the tests run as root (root ignores file modes).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runUnprivileged } from '../fixtures/unprivileged.js';

const repo = path.resolve(import.meta.dirname, '../..');
const root = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa157-build-'));
/** A pid above any pid_max: no such process. */
const dead = path.join(root, 'dist.build-99999999');
/** Process 1 runs, and cannot be signalled by an unprivileged user. */
const others = path.join(root, 'dist.build-1');
/** As root the build runs as `nobody` through setpriv: without it the test cannot run (skipped, not passed; QA164). */
const canDropRoot = process.getuid?.() !== 0 || spawnSync('setpriv', ['--version']).status === 0;

afterAll(() => {
  chmodSync(path.join(dead, 'cli'), 0o755);
  rmSync(root, { recursive: true, force: true });
});

describe('npm run build beside staging folders of other builds (QA157)', () => {
  it.skipIf(!canDropRoot)(
    'names a dead build folder it cannot remove and keeps one whose process runs as another user',
    () => {
      mkdirSync(path.join(root, 'scripts'));
      cpSync(path.join(repo, 'scripts/build.mjs'), path.join(root, 'scripts/build.mjs'));
      writeFileSync(path.join(root, 'package.json'), '{ "type": "module" }\n');
      // a stand-in tsc that fails at once (the build resolves typescript/bin/tsc from the root; the
      // checkout's node_modules may be unreadable to `nobody`, as in CI's private clone)
      mkdirSync(path.join(root, 'node_modules/typescript/bin'), { recursive: true });
      writeFileSync(path.join(root, 'node_modules/typescript/package.json'), '{ "name": "typescript" }\n');
      writeFileSync(
        path.join(root, 'node_modules/typescript/bin/tsc'),
        "console.error('stand-in tsc:', process.argv.slice(2).join(' '));\nprocess.exit(2);\n",
      );
      for (const stage of [dead, others]) {
        mkdirSync(path.join(stage, 'cli'), { recursive: true });
        writeFileSync(path.join(stage, 'cli/main.js'), '');
      }
      // writable by the builder, except the dead build's folder (its owner's: root, or read-only)
      chmodSync(root, 0o777);
      chmodSync(path.join(root, 'scripts'), 0o755);
      chmodSync(path.join(dead, 'cli'), 0o555);
      chmodSync(others, 0o777);
      chmodSync(path.join(others, 'cli'), 0o777);

      const result = runUnprivileged([path.join(root, 'scripts/build.mjs')], root);
      if (!result) throw new Error('the build could not be started unprivileged');
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stderr).toContain(
        'build: dist.build-99999999/ is left from an earlier build and cannot be removed (EACCES): remove it by hand',
      );
      expect(existsSync(path.join(others, 'cli/main.js'))).toBe(true);
      expect(result.stderr).not.toContain('dist.build-1/');
      // it went on to tsc
      expect(result.stderr).toContain('stand-in tsc: -p tsconfig.build.json --outDir');
      expect(result.code).toBe(1);
    },
  );
});

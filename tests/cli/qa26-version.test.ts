/**
 * QA26: `evalc --version` (and the `evalc` field of every lockfile) is src/version.ts's constant,
 * not read from package.json: a release that bumps package.json alone would ship a binary that
 * names the old version. Nothing tied the two together.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVALC_VERSION } from '../../src/version.js';
import { REPO_ROOT, spawnCli } from './run-cli.js';

describe('evalc --version', () => {
  it("prints package.json's version, the one lockfiles record", () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(EVALC_VERSION).toBe(pkg.version);
    const run = spawnCli(['--version'], { cwd: REPO_ROOT });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${pkg.version}\n`);
    expect(run.stderr).toBe('');
  });
});

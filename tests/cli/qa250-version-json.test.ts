/**
 * QA250: `evalc --version --json` printed '0.1.0', which a --json caller's JSON.parse refuses (it
 * reads '0.1' and stops at the second dot), where `evalc --help --json` prints data since QA243.
 * It prints {version, exitCode: 0}; without --json the version alone, as before.
 */
import { describe, expect, it } from 'vitest';
import { EVALC_VERSION } from '../../src/version.js';
import { spawnCli } from './run-cli.js';

describe('evalc --version (QA250)', () => {
  it.each([
    ['--version', '--json'],
    ['-v', '--json'],
    ['--version', '--format', 'json'],
  ])('%s %s: JSON', (...args) => {
    const run = spawnCli(args, { cwd: process.cwd() });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ version: EVALC_VERSION, exitCode: 0 });
  });

  it('without --json: the version alone', () => {
    expect(spawnCli(['--version'], { cwd: process.cwd() }).stdout).toBe(`${EVALC_VERSION}\n`);
  });
});

/**
 * QA193: a flag before the command is told where it goes with the whole command line: what came
 * after the command was dropped, so `evalc --json apply plans/x.yaml` read `evalc apply --json`
 * (which applies another plan, the evalc.yaml of the current folder) and `evalc --only t apply
 * --json` lost its --json; a value the shell would split, `--only 'a b'`, read `--only a b`.
 */
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { spawnCli } from './run-cli.js';

describe('a flag before the command', () => {
  it.each([
    [['--json', 'apply', 'plans/x.yaml'], 'evalc apply --json plans/x.yaml'],
    [['--only', 't', 'apply', '--json'], 'evalc apply --only t --json'],
    [['--only', 'a b', 'plan', "it's.yaml"], `evalc plan --only 'a b' 'it'\\''s.yaml'`],
  ])('%j is told the whole command it meant', (args, command) => {
    const run = spawnCli(args, { cwd: os.tmpdir() });
    expect(run.code).toBe(64);
    expect(run.stderr.split('\n')[0]).toBe(`evalc: ${args[0]} goes after the command: ${command}`);
  });
});

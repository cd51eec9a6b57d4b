/**
 * QA254: `evalc plan -- -x` (and `-- -x/`), a missing plan or folder whose name starts with `-`,
 * was hinted `evalc init -x`, which init refuses as an unknown option ('Unknown option -x', exit
 * 64). The folder is offered as init reads it, `./-x`, and the line offered makes the plan.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa254-init-hint-dash');
afterAll(() => ws.cleanup());

/** The command in backticks of the hint, split as the shell would (no quoting needed here). */
const offered = (stderr: string) => /`(evalc init [^`]*)`/.exec(stderr)?.[1]?.split(' ').slice(1) ?? [];

describe('a missing plan named -x is told an init that runs (QA254)', () => {
  it.each([
    ['-x', './-x'],
    ['-y/', './-y'],
  ])('plan -- %s offers evalc init %s, which makes the plan', (name, folder) => {
    const run = spawnCli(['plan', '--', name], { cwd: ws.dir });
    expect(run.code).toBe(64);
    const line = offered(run.stderr);
    expect(line).toEqual(['init', folder]);
    expect(spawnCli(line, { cwd: ws.dir }).code).toBe(0);
    expect(existsSync(path.join(ws.dir, folder, 'evalc.yaml'))).toBe(true);
  });
});

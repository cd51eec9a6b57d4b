/**
 * QA243: `evalc plan nosuch/`, a folder that does not exist, read `plan file not found: nosuch`
 * with no hint, where a folder without a plan is told `evalc init`. It names the folder's plan and
 * says the folder is missing, which `evalc init nosuch` creates; a plan file named near one beside
 * it (`evals.yaml` by evalc.yaml) is told that file, as an include is.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa243-plan-missing-folder');
afterAll(() => ws.cleanup());

describe('a plan argument that is not there', () => {
  it.each(['plan', 'validate'])('%s nosuch/ names the missing folder and evalc init', (command) => {
    const run = spawnCli([command, 'nosuch/'], { cwd: ws.dir });
    expect(run.code).toBe(64);
    expect(run.stderr).toContain('plan file not found: nosuch/evalc.yaml');
    expect(run.stderr).toContain(
      'hint: there is no folder nosuch/: `evalc init nosuch` creates it with a plan (evalc.yaml, a dataset, a stand-in agent), or name a folder that holds evalc.yaml',
    );
  });

  it('a nested missing folder too (a/b/)', () => {
    const run = spawnCli(['plan', 'a/b/'], { cwd: ws.dir });
    expect(run.stderr).toContain('hint: there is no folder a/b/: `evalc init a/b` creates it');
  });

  it('a plan file near one in its folder is told that file', () => {
    writeFileSync(path.join(ws.dir, 'evalc.yaml'), 'evalc: 1\n');
    const run = spawnCli(['plan', 'evals.yaml'], { cwd: ws.dir });
    expect(run.code).toBe(64);
    expect(run.stderr).toContain('plan file not found: evals.yaml');
    expect(run.stderr).toContain('hint: there is evalc.yaml in that folder: did you mean that file?');
  });
});

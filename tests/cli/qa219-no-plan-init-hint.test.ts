/**
 * QA219: a first `evalc plan` (or validate, apply) in a folder with no evalc.yaml read `plan file
 * not found: evalc.yaml` and nothing more. The built CLI now names `evalc init` for that folder
 * (quoted when the shell would split it), still exit 64; a file named otherwise gets no such hint.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa219-no-plan-init-hint');
afterAll(() => ws.cleanup());
mkdirSync(path.join(ws.dir, 'my evals'));

describe('a plan command where there is no evalc.yaml', () => {
  it('evalc plan in the folder: names evalc init', () => {
    const result = spawnCli(['plan'], { cwd: ws.dir });
    expect(result.code).toBe(64);
    expect(result.stderr).toContain('error EVALC_FILE_NOT_FOUND: plan file not found: evalc.yaml\n');
    expect(result.stderr).toContain(
      '  hint: no plan in this folder: `evalc init` scaffolds one (evalc.yaml, a dataset, a stand-in agent), or name your plan file\n',
    );
  });

  it('evalc validate "my evals" --json: the folder, quoted, in the hint', () => {
    const result = spawnCli(['validate', 'my evals', '--json'], { cwd: ws.dir });
    expect(result.code).toBe(64);
    const out = JSON.parse(result.stdout);
    expect(out.diagnostics[0]).toMatchObject({
      code: 'EVALC_FILE_NOT_FOUND',
      hint: "no plan in my evals: `evalc init 'my evals'` scaffolds one (evalc.yaml, a dataset, a stand-in agent), or name your plan file",
    });
  });

  it('a misnamed plan file is not told to init', () => {
    const result = spawnCli(['validate', 'nope.yaml'], { cwd: ws.dir });
    expect(result.code).toBe(64);
    expect(result.stderr).not.toContain('evalc init');
  });
});

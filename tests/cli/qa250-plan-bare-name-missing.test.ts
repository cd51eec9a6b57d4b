/**
 * QA250: `evalc plan nosuch`, a name with no extension that is neither file nor folder, read
 * 'plan file not found: nosuch' with no hint, where `evalc plan nosuch/` is told `evalc init nosuch`
 * since QA243; and `evalc plan evalc` beside evalc.yaml was told nothing of that file. The first is
 * told evalc init (the line runs and makes the plan), the second the file.
 */
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa250-plan-bare-name');
afterAll(() => ws.cleanup());

describe('a plan named without an extension that is not there (QA250)', () => {
  it.each(['plan', 'validate', 'apply'])('%s nosuch is told evalc init nosuch', (command) => {
    const run = spawnCli([command, 'nosuch'], { cwd: ws.dir });
    expect(run.code).toBe(64);
    expect(run.stderr).toContain(
      'hint: there is no file or folder nosuch: `evalc init nosuch` creates a folder with a plan (evalc.yaml, a dataset, a stand-in agent), or name your plan file',
    );
  });

  it('the line offered makes the plan', () => {
    expect(spawnCli(['init', 'nosuch'], { cwd: ws.dir }).code).toBe(0);
    expect(existsSync(path.join(ws.dir, 'nosuch', 'evalc.yaml'))).toBe(true);
  });

  it('evalc plan evalc beside evalc.yaml is told that file', () => {
    writeFileSync(path.join(ws.dir, 'evalc.yaml'), 'evalc: 1\n');
    const run = spawnCli(['plan', 'evalc'], { cwd: ws.dir });
    expect(run.stderr).toContain('hint: there is evalc.yaml in that folder: did you mean that file?');
  });
});

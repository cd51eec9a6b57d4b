/**
 * QA219: `evalc init` where evalc.yaml already is read `evalc.yaml already exists` and nothing
 * more. The built CLI now says what to do instead, the folder shell-quoted; still exit 64 and the
 * plan untouched.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa219-init-exists-hint');
afterAll(() => ws.cleanup());
mkdirSync(path.join(ws.dir, 'my evals'));
writeFileSync(path.join(ws.dir, 'evalc.yaml'), 'evalc: 1\n');
writeFileSync(path.join(ws.dir, 'my evals', 'evalc.yaml'), 'evalc: 1\n');

describe('evalc init where a plan already is', () => {
  it('in the current folder: names evalc plan', () => {
    const result = spawnCli(['init'], { cwd: ws.dir });
    expect(result.code).toBe(64);
    expect(result.stderr).toBe(
      'evalc: evalc.yaml already exists: `evalc plan` shows what it would run, or give init a folder without one\n',
    );
    expect(readFileSync(path.join(ws.dir, 'evalc.yaml'), 'utf8')).toBe('evalc: 1\n');
  });

  it('in a folder with a space: quoted as the shell reads it', () => {
    const result = spawnCli(['init', 'my evals'], { cwd: ws.dir });
    expect(result.code).toBe(64);
    expect(result.stderr.split('\n')[0]).toBe(
      "evalc: my evals/evalc.yaml already exists: `evalc plan 'my evals'` shows what it would run, or give init a folder without one",
    );
  });
});

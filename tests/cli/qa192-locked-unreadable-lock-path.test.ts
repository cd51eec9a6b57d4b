/**
 * QA192: `evalc apply --locked sub/evalc.yaml` run from the repository's root, where sub/evalc.lock
 * cannot be read (a folder of that name), was hinted to `git checkout -- evalc.lock`, which git
 * refuses there ('pathspec did not match'): the lock by its file name alone, as 44fa378 (QA180)
 * fixed for a damaged lock's advice. The hint names the lock from where apply runs, and git
 * restores it with the command given (text and --json).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { REPO_ROOT, runCommand } from './run-cli.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa192-locked-path-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], {
    cwd: root,
    encoding: 'utf8',
  });

const PLAN = `evalc: 1
benchmark: { id: qa192, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: "x" }, expected: { answer: "y" } } ] } }
    metrics: [ { type: contains, candidate: answer, expected: answer } ]
`;

describe('apply --locked with an unreadable lock in another folder (QA192)', () => {
  it('hints the restore command from where apply runs, and git restores the lock with it', async () => {
    const good = readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8');
    const lockFile = path.join(root, 'sub', 'evalc.lock');
    mkdirSync(path.join(root, 'sub'));
    writeFileSync(path.join(root, 'sub', 'evalc.yaml'), PLAN);
    writeFileSync(lockFile, good);
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'lock');

    rmSync(lockFile);
    mkdirSync(lockFile);
    const r = await runCommand(applyCommand, ['sub/evalc.yaml', '--locked'], { cwd: root });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain('(remove what stands there, then `git checkout -- sub/evalc.lock`)');
    const json = await runCommand(applyCommand, ['sub/evalc.yaml', '--locked', '--json'], { cwd: root });
    expect(json.stdout).toContain('then `git checkout -- sub/evalc.lock`)');

    rmSync(lockFile, { recursive: true });
    const command = /then `([^`]+)`\)/.exec(r.stderr)?.[1] ?? '';
    execFileSync('sh', ['-c', command], { cwd: root });
    expect(readFileSync(lockFile, 'utf8')).toBe(good);
  });
});

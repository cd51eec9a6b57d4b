/**
 * QA180: apply refusing a damaged evalc.lock says to restore it with `git checkout -- <lock>`, and
 * since 57d872e that is its one way out besides deleting it. It named the lock by its file name
 * alone, so `evalc apply sub/evalc.yaml` run from the repository's root (as CI runs a plan kept in a
 * folder) was told `git checkout -- evalc.lock`, which git refuses there: "pathspec 'evalc.lock' did
 * not match any file(s) known to git". The command now names the lock from where apply runs, quoted
 * when the path holds a space; git itself runs the command the message gives.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { REPO_ROOT, runCommand } from './run-cli.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa180-restore-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], {
    cwd: root,
    encoding: 'utf8',
  });

const PLAN = `evalc: 1
benchmark: { id: qa180, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "http://127.0.0.1:9" }
tasks:
  t:
    bindings: { default: { input: { query: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { examples: [ { id: e1, vars: { q: "x" }, expected: { answer: "y" } } ] } }
    metrics: [ { type: contains, candidate: answer, expected: answer } ]
`;

describe('apply refusing a damaged lock in another folder (QA180)', () => {
  it('names the lock from where apply runs, and git restores it with the command given', async () => {
    const good = readFileSync(path.join(REPO_ROOT, 'tests/fixtures/locks/single-dataset-base.lock'), 'utf8');
    const folders = ['sub', 'my plans'];
    for (const folder of folders) {
      mkdirSync(path.join(root, folder));
      writeFileSync(path.join(root, folder, 'evalc.yaml'), PLAN);
      writeFileSync(path.join(root, folder, 'evalc.lock'), good);
    }
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'locks');

    for (const [folder, shown] of [
      ['sub', 'sub/evalc.lock'],
      ['my plans', "'my plans/evalc.lock'"],
    ] as const) {
      const lockFile = path.join(root, folder, 'evalc.lock');
      const damaged = JSON.parse(good) as { datasets: Record<string, Record<string, unknown>> };
      for (const pin of Object.values(damaged.datasets)) delete pin.sha256;
      writeFileSync(lockFile, JSON.stringify(damaged, null, 2));

      const r = await runCommand(applyCommand, [`${folder}/evalc.yaml`], { cwd: root });
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain(`restore it (\`git checkout -- ${shown}\`) or delete it`);
      const command = /restore it \(`([^`]+)`\)/.exec(r.stderr)?.[1] ?? '';
      execFileSync('sh', ['-c', command], { cwd: root });
      expect(readFileSync(lockFile, 'utf8')).toBe(good);
    }
  });
});

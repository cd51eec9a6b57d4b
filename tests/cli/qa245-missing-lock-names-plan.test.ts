/**
 * QA245 (the case next to QA234's printed lines): `evalc diff sub/evalc.lock base.lock` or `evalc
 * report --from sub/evalc.lock` before sub was applied read '(run `evalc apply` to create it, or check
 * the path)', which applies ./evalc.yaml ('no plan in this folder'). The line names the lock's
 * folder, through a link too, and runs as printed; a folder without an evalc.yaml keeps `evalc apply`.
 */
import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CLI, tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa245-missing-lock-names-plan');
afterAll(() => ws.cleanup());

/** The line in the first backticks of `text`, run by bash as printed (evalc is the built CLI). */
function runPrinted(text: string): { line: string; code: number | null } {
  const line = text.split('`')[1] ?? '';
  const run = spawnSync('bash', ['-c', `evalc() { node ${JSON.stringify(CLI)} "$@"; }\n${line}`], {
    cwd: ws.dir,
    encoding: 'utf8',
  });
  return { line, code: run.status };
}

it("report --from a b/evalc.lock not yet written: told the apply of that folder's plan", () => {
  expect(spawnCli(['init', 'a b'], { cwd: ws.dir }).code).toBe(0);
  const missing = spawnCli(['report', '--from', 'a b/evalc.lock'], { cwd: ws.dir });
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain("(run `evalc apply 'a b'` to create it, or check the path)");
  const ran = runPrinted(missing.stderr);
  expect(ran.line).toBe("evalc apply 'a b'");
  expect(ran.code).toBe(0);
  expect(spawnCli(['report', '--from', 'a b/evalc.lock'], { cwd: ws.dir }).code).toBe(0);
});

it('diff through a link to a missing evalc.lock: the folder it leads to', () => {
  expect(spawnCli(['init', 'sub'], { cwd: ws.dir }).code).toBe(0);
  symlinkSync('sub/evalc.lock', path.join(ws.dir, 'l4'));
  const link = spawnCli(['diff', 'l4', 'a b/evalc.lock'], { cwd: ws.dir });
  expect(link.stderr).toContain(
    'it is a link to sub/evalc.lock, which does not exist (run `evalc apply sub` to create it, or check the path)',
  );
  // A folder without a plan named evalc.yaml: apply is named as before, beside 'check the path'.
  const none = spawnCli(['diff', 'nowhere/evalc.lock', 'a b/evalc.lock'], { cwd: ws.dir });
  expect(none.stderr).toContain('(run `evalc apply` to create it, or check the path)');
});

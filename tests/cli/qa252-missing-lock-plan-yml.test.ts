/**
 * QA252 (the case next to QA245's ffea59b): `evalc report --from sub/evalc.lock` before sub was
 * applied, where sub's plan is named evalc.yml, read '(run `evalc apply` to create it, …)', which
 * applies ./evalc.yaml: 'no plan in this folder' (apply reads an unnamed folder's evalc.yaml alone).
 * The line names the plan whole, `evalc apply sub/evalc.yml`, from the folder too
 * (`evalc apply evalc.yml`), and runs as printed.
 */
import { spawnSync } from 'node:child_process';
import { renameSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { CLI, tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa252-missing-lock-plan-yml');
afterAll(() => ws.cleanup());

/** The line in the first backticks of `text`, run by bash in `cwd` as printed (evalc is the built CLI). */
function runPrinted(text: string, cwd: string): { line: string; code: number | null } {
  const line = text.split('`')[1] ?? '';
  const run = spawnSync('bash', ['-c', `evalc() { node ${JSON.stringify(CLI)} "$@"; }\n${line}`], {
    cwd,
    encoding: 'utf8',
  });
  return { line, code: run.status };
}

it('report --from sub/evalc.lock of a plan named evalc.yml: told the apply of that plan', () => {
  expect(spawnCli(['init', 'sub'], { cwd: ws.dir }).code).toBe(0);
  renameSync(path.join(ws.dir, 'sub/evalc.yaml'), path.join(ws.dir, 'sub/evalc.yml'));
  const inside = spawnCli(['diff', 'evalc.lock', 'evalc.lock'], { cwd: path.join(ws.dir, 'sub') });
  expect(inside.stderr).toContain('(run `evalc apply evalc.yml` to create it, or check the path)');
  const missing = spawnCli(['report', '--from', 'sub/evalc.lock'], { cwd: ws.dir });
  expect(missing.code).toBe(1);
  expect(missing.stderr).toContain('(run `evalc apply sub/evalc.yml` to create it, or check the path)');
  const ran = runPrinted(missing.stderr, ws.dir);
  expect(ran.line).toBe('evalc apply sub/evalc.yml');
  expect(ran.code).toBe(0);
  expect(spawnCli(['report', '--from', 'sub/evalc.lock'], { cwd: ws.dir }).code).toBe(0);
});

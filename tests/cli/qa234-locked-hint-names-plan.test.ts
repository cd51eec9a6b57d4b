/**
 * QA234: `evalc apply --locked sub` refused for a plan edited since evalc.lock was told 'run `evalc
 * plan` to see what changed, then `evalc apply`', lines that run ./evalc.yaml ('no plan in this
 * folder'), not the plan refused. The lines offered name it as given (text and --json's hint).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa234-locked-hint-names-plan');
afterAll(() => ws.cleanup());

it('evalc apply --locked sub: the hint names sub, and its evalc plan line runs', () => {
  expect(spawnCli(['init', 'sub'], { cwd: ws.dir }).code).toBe(0);
  expect(spawnCli(['apply', 'sub'], { cwd: ws.dir }).code).toBe(0);
  const plan = path.join(ws.dir, 'sub', 'evalc.yaml');
  writeFileSync(plan, readFileSync(plan, 'utf8').replace('type: contains,', 'type: exact_match,'));
  const refused = spawnCli(['apply', '--locked', 'sub'], { cwd: ws.dir });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(
    'hint: evalc.lock does not match this branch: run `evalc plan sub` to see what changed, then `evalc apply sub` and commit evalc.lock',
  );
  const json = spawnCli(['apply', '--locked', 'sub', '--json'], { cwd: ws.dir });
  expect(JSON.parse(json.stdout.trim().split('\n').at(-1)!).hint).toContain('run `evalc plan sub` to see');
  // The line offered shows the change (exit 2: there is work), not 'no plan in this folder' (64).
  expect(spawnCli(['plan', 'sub'], { cwd: ws.dir }).code).toBe(2);
});

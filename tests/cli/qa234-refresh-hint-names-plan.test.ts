/**
 * QA234: an up-to-date apply with recorded errors offers the apply that asks again, 'a fixed agent is
 * asked again by `evalc apply --refresh`'. After `evalc apply sub` that line ran ./evalc.yaml ('no plan
 * in this folder'), not the plan shown: it names the plan as given, and runs as printed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa234-refresh-hint-names-plan');
afterAll(() => ws.cleanup());

it('evalc apply sub: the --refresh line names sub', () => {
  expect(spawnCli(['init', 'sub'], { cwd: ws.dir }).code).toBe(0);
  const plan = path.join(ws.dir, 'sub', 'evalc.yaml');
  // A path into the reply that is not there: every example an extraction_failed, kept like an answer.
  writeFileSync(plan, readFileSync(plan, 'utf8').replace('"output.answer"', '"output.nothere"'));
  spawnCli(['apply', 'sub'], { cwd: ws.dir });
  const again = spawnCli(['apply', 'sub'], { cwd: ws.dir });
  expect(again.stdout).toContain(
    'path is re-run by `evalc apply sub`, without `--refresh`; a fixed agent is asked again by `evalc apply sub --refresh`)',
  );
  const refreshed = spawnCli(['apply', 'sub', '--refresh'], { cwd: ws.dir });
  expect(refreshed.stderr).not.toMatch(/no plan/);
  expect(refreshed.stdout).toMatch(/^Apply complete: 2 example runs, 2 agent calls, 2 errors/m);
});

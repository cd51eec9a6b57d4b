/**
 * QA245: `evalc apply sub --locked --update-lock` is a usage error that said 'run `evalc apply
 * --update-lock` to accept the change', which applies ./evalc.yaml ('no plan in this folder'). The
 * line names the plan and --cache-dir given, as the other lines apply offers do (QA234).
 */
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa245-locked-update-lock');
afterAll(() => ws.cleanup());

it('apply sub --locked --update-lock: told the --update-lock of sub, which runs', () => {
  expect(spawnCli(['init', 'a b'], { cwd: ws.dir }).code).toBe(0);
  const both = spawnCli(['apply', 'a b', '--locked', '--update-lock', '--cache-dir', 'c'], { cwd: ws.dir });
  expect(both.code).toBe(64);
  expect(both.stderr).toContain(
    "run `evalc apply 'a b' --cache-dir c --update-lock` to accept the change, then `--locked` checks against it",
  );
  // The line offered applies 'a b' (its first run: no lock yet), not ./evalc.yaml ('no plan in this folder').
  expect(spawnCli(['apply', 'a b', '--cache-dir', 'c', '--update-lock'], { cwd: ws.dir }).code).toBe(0);
});

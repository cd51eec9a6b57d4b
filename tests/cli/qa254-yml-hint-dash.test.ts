/**
 * QA254: `evalc plan -- -p/evalc.yml` beside -p/evalc.yaml was hinted 'name it (e.g. evalc
 * validate -p/evalc.yaml)', which validate refuses as an unknown option -p (exit 64; the case next
 * to 4d62010's folder). The line offered names the file as validate reads it, `./-p/evalc.yaml`,
 * and runs as printed.
 */
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { writeYamlPlanFolder } from '../fixtures/yml-beside-yaml.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa254-yml-hint-dash');
afterAll(() => ws.cleanup());

it('evalc.yml named in a folder -p is offered ./-p/evalc.yaml, which validates', () => {
  const dir = path.join(ws.dir, '-p');
  writeYamlPlanFolder(dir);
  const run = spawnCli(['plan', '--', '-p/evalc.yml'], { cwd: ws.dir });
  expect(run.code).toBe(64);
  expect(run.stderr).toContain(
    'hint: there is evalc.yaml in that folder: name it (e.g. evalc validate ./-p/evalc.yaml) or rename it',
  );
  const line = /e\.g\. evalc validate (\S+)\)/.exec(run.stderr)?.[1] ?? '';
  const again = spawnCli(['validate', line], { cwd: ws.dir });
  expect([again.code, again.stderr]).toEqual([0, '']);
});

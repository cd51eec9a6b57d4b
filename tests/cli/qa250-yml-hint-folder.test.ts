/**
 * QA250: `evalc plan 'my plans/evalc.yml'` beside 'my plans/evalc.yaml' was hinted 'name it (e.g.
 * evalc validate evalc.yaml)', the folder left out: run from where the plan was named, that line
 * read ./evalc.yaml, not there. The line offered names the file as the plan was named, quoted for
 * the shell; run as printed, it validates the plan. Named from its own folder it reads as before (QA44).
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { writeYamlPlanFolder } from '../fixtures/yml-beside-yaml.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa250-yml-hint-folder');
afterAll(() => ws.cleanup());

describe('evalc.yml named beside evalc.yaml in another folder (QA250)', () => {
  it('the line offered names the folder, and runs', () => {
    const dir = path.join(ws.dir, 'my plans');
    writeYamlPlanFolder(dir);
    const run = spawnCli(['plan', 'my plans/evalc.yml'], { cwd: ws.dir });
    expect(run.code).toBe(64);
    expect(run.stderr).toContain(
      "hint: there is evalc.yaml in that folder: name it (e.g. evalc validate 'my plans/evalc.yaml') or rename it",
    );
    const line = /e\.g\. evalc (validate '[^']+')/.exec(run.stderr)?.[1] ?? '';
    const again = spawnCli(['validate', line.slice("validate '".length, -1)], { cwd: ws.dir });
    expect([again.code, again.stderr]).toEqual([0, '']);
  });

  it('named from its own folder, as before (QA44)', () => {
    const run = spawnCli(['plan', 'evalc.yml'], { cwd: path.join(ws.dir, 'my plans') });
    expect(run.stderr).toContain('name it (e.g. evalc validate evalc.yaml) or rename it');
  });
});

/**
 * Regression (QA254): the case next to 05ad27d, another report format. `evalc validate
 * /dev/stdin --json < evalc.yaml` (plan, lint) gave 'dataset file not found: datasets/d.jsonl' of
 * `../../../dev/stdin` with no word why, where the text output notes that the plan has no folder:
 * the not-found diagnostic's hint says so in --json. A plan in its folder has no such hint.
 * `/proc/self/fd/N` stands for `/dev/stdin`.
 */
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { lintCommand } from '../../src/cli/lint.js';
import { planCommand } from '../../src/cli/plan.js';
import { validateCommand } from '../../src/cli/validate.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { runCommand } from './run-cli.js';

const dir = tempFolder('evalc-qa254-descriptor-plan-json-');
mkdirSync(path.join(dir, 'datasets'));
writeFileSync(path.join(dir, 'datasets/d.jsonl'), '{"id":"e1","q":"hi"}\n');
writeFileSync(
  path.join(dir, 'evalc.yaml'),
  'evalc: 1\nbenchmark: { id: b, version: 1.0.0 }\nagents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\ntasks:\n  t:\n    bindings: { default: { input: { query: "{{q}}" } } }\n    datasets: { d: { source: datasets/d.jsonl } }\n    metrics: [ { type: latency } ]\n',
);
const fd = openSync(path.join(dir, 'evalc.yaml'), 'r');
afterAll(() => closeSync(fd));

it.each([
  ['validate', validateCommand],
  ['plan', planCommand],
  ['lint', lintCommand],
] as const)(
  '%s --json: the not-found diagnostic hints that the plan has no folder',
  async (_name, command) => {
    const run = await runCommand(command, [`/proc/self/fd/${fd}`, '--json'], { cwd: dir });
    expect(run.code).not.toBe(0);
    const found = JSON.parse(run.stdout).diagnostics.find(
      (d: { code: string }) => d.code === 'EVALC_DATASET_NOT_FOUND',
    );
    expect(found.hint).toContain(
      `/proc/self/fd/${fd} is a file named through a descriptor, with no folder: the datasets and includes a plan names are read beside it; name the plan's own file`,
    );
  },
);

it('a plan in its folder has no such hint', async () => {
  const run = await runCommand(validateCommand, ['evalc.yaml', '--json'], { cwd: dir });
  expect(run.stdout).not.toContain('with no folder');
});

/**
 * Regression (QA251): the case next to 955cf0c. `evalc validate /dev/stdin < evalc.yaml` (plan, lint)
 * read the plan from /dev, so its datasets and includes were looked for there: it said 'dataset file
 * not found: datasets/smoke.jsonl' of `../../../dev/stdin`, with no word why, of a file that is there.
 * A note says the plan has no folder; a plan whose files are found has none. `/proc/self/fd/N` stands
 * for `/dev/stdin`.
 */
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { validateCommand } from '../../src/cli/validate.js';
import { tempFolder } from '../fixtures/temp-folder.js';
import { runCommand } from './run-cli.js';

const dir = tempFolder('evalc-qa251-descriptor-plan-');
mkdirSync(path.join(dir, 'datasets'));
writeFileSync(path.join(dir, 'datasets/d.jsonl'), '{"id":"e1","q":"hi"}\n');
const plan = (source: string) =>
  `evalc: 1\nbenchmark: { id: b, version: 1.0.0 }\nagents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\ntasks:\n  t:\n    bindings: { default: { input: { query: "{{q}}" } } }\n    datasets: { d: { source: ${source} } }\n    metrics: [ { type: latency } ]\n`;
writeFileSync(path.join(dir, 'evalc.yaml'), plan('datasets/d.jsonl'));
writeFileSync(path.join(dir, 'abs.yaml'), plan(path.join(dir, 'datasets/d.jsonl')));
const fds = [openSync(path.join(dir, 'evalc.yaml'), 'r'), openSync(path.join(dir, 'abs.yaml'), 'r')];
afterAll(() => {
  for (const fd of fds) closeSync(fd);
});

it('a plan named through a descriptor whose dataset is not found is told it has no folder', async () => {
  const run = await runCommand(validateCommand, [`/proc/self/fd/${fds[0]}`], { cwd: dir });
  expect(run.code).not.toBe(0);
  expect(run.stderr).toContain('dataset file not found: datasets/d.jsonl');
  expect(run.stderr).toContain(
    `note: /proc/self/fd/${fds[0]} is a file named through a descriptor, with no folder: the datasets and includes a plan names are read beside it; name the plan's own file`,
  );
});

it('one whose files are found, and a plan in its folder, have no note', async () => {
  const run = await runCommand(validateCommand, [`/proc/self/fd/${fds[1]}`], { cwd: dir });
  expect(run.stderr).not.toContain('note:');
  writeFileSync(path.join(dir, 'missing.yaml'), plan('datasets/nope.jsonl'));
  const own = await runCommand(validateCommand, ['missing.yaml'], { cwd: dir });
  expect(own.stderr).toContain('dataset file not found');
  expect(own.stderr).not.toContain('note:');
});

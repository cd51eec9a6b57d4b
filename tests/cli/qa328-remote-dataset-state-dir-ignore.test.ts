/**
 * QA328: README says `.evalc/` is ignored by git, a command that creates it leaving a `.gitignore` of
 * `*` there (QA47, QA316). `validate`, `plan`, `lint` and `graph` create it too, pinning a remote dataset in
 * `.evalc/cache/sources/`, and left it without one: `git status` listed `.evalc/` (QA316's fix in
 * plan looked only after the plan had loaded, when the dataset's copy was already there).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { graphCommand } from '../../src/cli/graph.js';
import { lintCommand } from '../../src/cli/lint.js';
import { planCommand } from '../../src/cli/plan.js';
import { validateCommand } from '../../src/cli/validate.js';
import { type Loopback, startLoopback } from '../fixtures/loopback.js';
import { runCommand } from './run-cli.js';

let server: Loopback;
const dirs: string[] = [];
beforeAll(async () => {
  server = await startLoopback((_req, res) => {
    res.end('{"id":"e0","q":"a","answer":"a"}\n');
  });
});
afterAll(async () => {
  await server.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

it.each([
  ['validate', validateCommand],
  ['plan', planCommand],
  ['lint', lintCommand],
  ['graph', graphCommand],
] as const)('%s leaves the .evalc/ a remote dataset made ignored by git', async (_name, command) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa328-ignore-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "http://127.0.0.1:9/" }\ntasks:\n  t:\n    bindings: { default: { input: { q: "{{q}}" }, output: { answer: answer } } }\n    datasets: { d: { source: '${server.url}/d.jsonl' } }\n    metrics: [ { type: exact_match } ]\n`,
  );
  await runCommand(command, ['evalc.yaml'], { cwd: dir });
  expect(existsSync(path.join(dir, '.evalc', 'cache', 'sources'))).toBe(true);
  expect(readFileSync(path.join(dir, '.evalc', '.gitignore'), 'utf8')).toContain('*\n');
});

it('plan of an invalid plan leaves it ignored too', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'evalc-qa328-ignore-'));
  dirs.push(dir);
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1\nbenchmark: { id: b }\nagents:\n  a1: { protocol: http, url: "http://127.0.0.1:9/" }\ntasks:\n  t:\n    bindings: { default: { input: { q: "{{nosuch}}" }, output: { answer: answer } } }\n    datasets: { d: { source: '${server.url}/d.jsonl' } }\n    metrics: [ { type: nosuch_metric } ]\n`,
  );
  const result = await runCommand(planCommand, ['evalc.yaml'], { cwd: dir });
  expect(result.code).not.toBe(0);
  expect(readFileSync(path.join(dir, '.evalc', '.gitignore'), 'utf8')).toContain('*\n');
});

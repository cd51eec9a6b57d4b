/**
 * QA254: `evalc plan -- -p/evalc.yml` beside -p/evalc.yaml was hinted 'name it (e.g. evalc
 * validate -p/evalc.yaml)', which validate refuses as an unknown option -p (exit 64; the case next
 * to 4d62010's folder). The line offered names the file as validate reads it, `./-p/evalc.yaml`,
 * and runs as printed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa254-yml-hint-dash');
afterAll(() => ws.cleanup());
const PLAN = `evalc: 1
benchmark: { id: b, version: 0.1.0 }
agents: { a1: { protocol: raip, url: "http://127.0.0.1:9" } }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: output.answer } } }
    datasets: { d: { source: d.jsonl } }
    metrics: [{ type: exact_match, candidate: answer, expected: a }]
`;

it('evalc.yml named in a folder -p is offered ./-p/evalc.yaml, which validates', () => {
  const dir = path.join(ws.dir, '-p');
  mkdirSync(dir);
  writeFileSync(path.join(dir, 'evalc.yaml'), PLAN);
  writeFileSync(path.join(dir, 'd.jsonl'), '{"id": "e1", "vars": {"q": "x"}, "expected": {"a": "y"}}\n');
  const run = spawnCli(['plan', '--', '-p/evalc.yml'], { cwd: ws.dir });
  expect(run.code).toBe(64);
  expect(run.stderr).toContain(
    'hint: there is evalc.yaml in that folder: name it (e.g. evalc validate ./-p/evalc.yaml) or rename it',
  );
  const line = /e\.g\. evalc validate (\S+)\)/.exec(run.stderr)?.[1] ?? '';
  const again = spawnCli(['validate', line], { cwd: ws.dir });
  expect([again.code, again.stderr]).toEqual([0, '']);
});

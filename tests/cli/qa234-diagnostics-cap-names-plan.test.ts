/**
 * QA234: past 20 diagnostics of one code the rest are counted, '… and 3 more EVALC_REF_METRIC_TYPE (20
 * shown; `evalc validate --json` lists every one)'. Of a plan named on the command line (`evalc plan
 * sub`, `evalc apply sub/evalc.yaml`) that line validated ./evalc.yaml, 'no plan in this folder': it
 * names the plan as given, and runs as printed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa234-diagnostics-cap-names-plan');
afterAll(() => ws.cleanup());

mkdirSync(path.join(ws.dir, 'sub'));
writeFileSync(path.join(ws.dir, 'sub', 'd.jsonl'), '{"id":"e1","question":"q","answer":"a"}\n');
writeFileSync(
  path.join(ws.dir, 'sub', 'evalc.yaml'),
  [
    'evalc: 1',
    'benchmark: { id: b, version: 0.1.0 }',
    'agents:',
    '  a: { protocol: raip, url: "http://127.0.0.1:9" }',
    'tasks:',
    '  t:',
    `    bindings: { default: { input: { query: "{{question}}" }, output: { answer: "output.answer" } } }`,
    '    datasets:',
    '      d: { source: d.jsonl }',
    '    metrics:',
    ...Array.from({ length: 23 }, (_, i) => `      - { type: exact_matchx${i} }`),
    '',
  ].join('\n'),
);

it.each([
  [['plan', 'sub'], 'evalc validate sub --json'],
  [['apply', 'sub/evalc.yaml'], 'evalc validate sub/evalc.yaml --json'],
  [['validate', 'sub'], 'evalc validate sub --json'],
])('evalc %j names its plan in the line that lists every diagnostic', (args, line) => {
  const result = spawnCli(args, { cwd: ws.dir });
  expect(result.code).toBe(65);
  expect(result.stderr).toContain(
    `… and 3 more EVALC_REF_METRIC_TYPE (20 shown; \`${line}\` lists every one)`,
  );
  const listed = spawnCli(line.split(' ').slice(1), { cwd: ws.dir });
  const codes = (JSON.parse(listed.stdout).diagnostics as { code: string }[]).map((d) => d.code);
  expect(codes.filter((code) => code === 'EVALC_REF_METRIC_TYPE')).toHaveLength(23);
});

/**
 * QA272: `apply --frozen` over a plan evalc.lock no longer records (a metric added), its cache
 * holding a damaged agent response, noted 'the cache skipped 1 damaged entry (its step runs again;
 * …)' above its refusal '--frozen: 1 agent response is not cached': --frozen calls no agent. The
 * note now says a step runs again unless it needs an agent or a judge, which --frozen does not call
 * (a metric's score or an extraction --frozen does run again).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { tempWorkspace } from '../e2e/apply-harness.js';
import { spawnCli } from './run-cli.js';

const ws = tempWorkspace('qa272-frozen-damaged-entry');
afterAll(() => ws.cleanup());

it('apply --frozen over a damaged agent response says --frozen does not call the agent', () => {
  expect(spawnCli(['init', 'sub'], { cwd: ws.dir }).code).toBe(0);
  expect(spawnCli(['apply', 'sub', '--cache-dir', 'c'], { cwd: ws.dir }).code).toBe(0);
  const log = path.join(ws.dir, 'c', 'steps.log');
  const lines = readFileSync(log, 'utf8').split('\n');
  const invoke = lines.findIndex((line) => line.split('\t')[1] === 'invoke');
  lines[invoke] = lines[invoke]!.replace('"', "'");
  writeFileSync(log, lines.join('\n'));
  const planFile = path.join(ws.dir, 'sub', 'evalc.yaml');
  const plan = readFileSync(planFile, 'utf8');
  const metric = '      - { type: contains, candidate: answer, expected: answer, threshold: 1 }\n';
  expect(plan).toContain(metric);
  writeFileSync(
    planFile,
    plan.replace(metric, `${metric}      - { type: exact_match, candidate: answer, expected: answer }\n`),
  );

  const frozen = spawnCli(['apply', 'sub', '--cache-dir', 'c', '--frozen'], { cwd: ws.dir });
  expect(frozen.stderr).toContain('--frozen: 1 agent response is not cached');
  expect(frozen.stderr).toContain(
    'evalc: note: the cache skipped 1 damaged entry (its step runs again unless it needs an agent or a judge, which --frozen does not call; `evalc cache prune sub --cache-dir c` drops it)',
  );
  expect(frozen.code).not.toBe(0);
});

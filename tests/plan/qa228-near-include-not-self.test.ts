/**
 * Regression (QA228): the case next to a9b13da. A missing include whose name is near the file that
 * includes it — `include: [evals.yaml]` (or `[evalc.yml]`) in evalc.yaml, `include: [agent.yaml]`
 * in agents.yaml — was told "there is evalc.yaml in that folder: did you mean that file?": the
 * plan itself, an include cycle. A file that includes it is never the hint; another near file is.
 */
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

it('a missing include is never told to name a file that includes it', async () => {
  const dir = writeFiles({
    'evalc.yaml': 'evalc: 1\nbenchmark: { id: b }\ninclude: [evals.yaml, evalc.yml, sub/agents.yaml]\n',
    'sub/agents.yaml':
      'include: [agent.yaml, task.yaml]\nagents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n',
    'sub/tasks.yaml': 'tasks: {}\n',
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  expect(
    r.diagnostics
      .filter((d) => d.code === 'EVALC_FILE_NOT_FOUND')
      .map((d) => `${d.source?.file}:${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`),
  ).toEqual([
    'evalc.yaml:3:11 included file not found: evals.yaml | undefined',
    'evalc.yaml:3:23 included file not found: evalc.yml | undefined',
    'sub/agents.yaml:1:11 included file not found: sub/agent.yaml | undefined',
    'sub/agents.yaml:1:23 included file not found: sub/task.yaml | there is tasks.yaml in that folder: did you mean that file?',
  ]);
});

it('nor the plan a link names, by its real name (QA232)', async () => {
  // `evalc validate main.yaml`, main.yaml → evalc.yaml, was told "there is evalc.yaml in that
  // folder: did you mean that file?", the plan itself through its link.
  const dir = writeFiles({ 'evalc.yaml': 'evalc: 1\nbenchmark: { id: b }\ninclude: [evals.yaml]\n' });
  symlinkSync('evalc.yaml', path.join(dir, 'main.yaml'));
  const r = await loadPlan(path.join(dir, 'main.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  expect(
    r.diagnostics.filter((d) => d.code === 'EVALC_FILE_NOT_FOUND').map((d) => `${d.message} | ${d.hint}`),
  ).toEqual(['included file not found: evals.yaml | undefined']);
});

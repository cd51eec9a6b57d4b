/**
 * Regression (QA224): `include: [agent.yaml]` beside `agents.yaml` read "included file not found:
 * agent.yaml" with no hint (a missing plan file gets one); it now names the near file.
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

it('a missing include names the near file in its folder', async () => {
  const dir = writeFiles({
    'evalc.yaml': 'evalc: 1\nbenchmark: { id: b }\ninclude: [agent.yaml, tasks.yaml]\n',
    'agents.yaml': 'agents:\n  a1: { protocol: raip, url: http://127.0.0.1:7101 }\n',
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  expect(
    r.diagnostics
      .filter((d) => d.code === 'EVALC_FILE_NOT_FOUND')
      .map((d) => `${d.source?.line}:${d.source?.col} ${d.message} | ${d.hint}`),
  ).toEqual([
    '3:11 included file not found: agent.yaml | there is agents.yaml in that folder: did you mean that file?',
    '3:23 included file not found: tasks.yaml | undefined',
  ]);
});

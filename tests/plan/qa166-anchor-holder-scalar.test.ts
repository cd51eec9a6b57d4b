/**
 * The anchor hint of a top-level `x-…`/`_…` key (QA161) is for a key holding a mapping or a list,
 * what a value kept for its anchor is: `_comment: "reviewed by bob"` was told 'a plan has no key
 * for values kept for their anchor: set the anchor where…', about an anchor it never had (QA166).
 */
import path from 'node:path';
import { expect, it } from 'vitest';
import { loadPlan } from '../../src/compiler/load-plan.js';
import { writeFiles } from '../compiler/plan-helpers.js';

it('does not tell a top-level text value about anchors; a mapping kept for its anchor still is', async () => {
  const dir = writeFiles({
    'evalc.yaml': `evalc: 1
benchmark: { id: x }
_comment: "reviewed by bob"
x-limits: &lim { concurrency: 4 }
agents:
  a1: { protocol: raip, url: http://127.0.0.1:7101, limits: *lim }
`,
  });
  const r = await loadPlan(path.join(dir, 'evalc.yaml'), {
    cwd: dir,
    offline: true,
    cacheDir: path.join(dir, 'c'),
  });
  const said = r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.message} | ${d.hint}`);
  expect(said).toHaveLength(2);
  expect(said[0]).toBe('unknown key `_comment` | undefined');
  expect(said[1]).toMatch(/^unknown key `x-limits` \| a plan has no key for values kept for their anchor/);
});

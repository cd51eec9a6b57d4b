/**
 * QA167, next to 0ef12a7 (whose test compares metric versions only): the demo's committed
 * evalc.lock records every step key this build computes for the demo plan, so `npm run demo` on a
 * fresh clone (an empty cache) calls no agent. A key changed another way (an adapter's wire tag,
 * a template or binding of the plan, evalc's own version) fails here too, where the version check
 * passed. Compiled with the lock's pins (no /info asked), planned against an empty cache.
 */
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { judgePinsFromLock } from '../../src/compiler/judge-pins.js';
import { pinsOf } from '../../src/executor/locked-inputs.js';
import { loadPlan, planRun, readLockFile } from '../../src/index.js';
import { PIPELINE_DIR } from './course-advisor-harness.js';

describe("the demo's committed evalc.lock", () => {
  it('records every step of the demo plan: an empty cache plans no agent call', async () => {
    const read = readLockFile(path.join(PIPELINE_DIR, 'evalc.lock'));
    if (!read.ok) throw new Error(read.message);
    const result = await loadPlan(path.join(PIPELINE_DIR, 'evalc.yaml'), {
      cwd: PIPELINE_DIR,
      cacheDir: path.join(os.tmpdir(), 'evalc-qa167-no-cache'),
      offline: true,
      pins: pinsOf(read.lock),
      judgePins: judgePinsFromLock(read.lock),
    });
    expect(result.compiled, JSON.stringify(result.diagnostics)).toBeDefined();
    const plan = planRun(result.compiled!, { has: () => false }, read.lock);
    expect(
      plan.rows.map((r) => `${r.kind} ${r.target} ${r.reason}`),
      'refresh it: node dist/evalc.mjs apply pipelines/course-advisor --refresh',
    ).toEqual([]);
    expect(plan.upToDate).toBe(true);
    expect(plan.counts.invoke.run).toBe(0);
  });
});

/**
 * The demo's committed evalc.lock is up to date with this build's metrics: README promises that
 * `npm run demo` on a fresh clone calls no agent and leaves the lock as it is. A metric's version
 * bump (exact_match 1 → 2 → 3 in two rounds) changes its score keys, and the demo then re-ran all
 * 90 examples and rewrote the lock. When this fails, refresh the lock:
 * `node dist/evalc.mjs apply pipelines/course-advisor --refresh` (results stay; timings change).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getMetricDefinition } from '../../src/metrics/registry.js';
import { PIPELINE_DIR } from './course-advisor-harness.js';

type Lock = { groups: Record<string, { metrics: Record<string, { type: string; version: string }> }> };

describe("the demo's committed evalc.lock", () => {
  it("records every metric at this build's version", () => {
    const lock = JSON.parse(readFileSync(path.join(PIPELINE_DIR, 'evalc.lock'), 'utf8')) as Lock;
    const stale: string[] = [];
    let seen = 0;
    for (const [group, { metrics }] of Object.entries(lock.groups))
      for (const [id, metric] of Object.entries(metrics)) {
        seen++;
        const current = getMetricDefinition(metric.type)?.version;
        if (current !== metric.version)
          stale.push(`${group} ${id} (${metric.type} ${metric.version} → ${current})`);
      }
    expect(seen).toBeGreaterThan(0);
    expect(stale, 'refresh pipelines/course-advisor/evalc.lock (see the comment above)').toEqual([]);
  });
});

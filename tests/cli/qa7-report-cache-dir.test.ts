/**
 * `evalc report` reads failure reasons and trajectories from the cache. After
 * `apply --cache-dir DIR` it looked only beside the lockfile (or EVALC_CACHE_DIR), so the
 * re-rendered report lost every reason; `report --cache-dir DIR` now reads the run's cache and
 * renders what apply rendered. QA7.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCountingAgent, writeDataset, writePlan } from '../e2e/apply-harness.js';

const counting = useCountingAgent();
// One plan folder: the second case reports from the lock the first one applied.
const dir = counting.workspace('qa7-report-cache');

describe('evalc report --cache-dir', () => {
  it('renders the failure reasons apply rendered from a cache kept outside the plan folder', async () => {
    // The agent answers codes [Z-qN, A-qN]; q1 expects only A-q1, so exact_match (set) fails with
    // the reason `(extra: Z-q1)`, which report.md reads from the score's details in the cache.
    writeDataset(dir, 'd1.jsonl', [
      { id: 'q0', vars: { q: 'q0' }, expected: { codes: ['A-q0', 'Z-q0'] } },
      { id: 'q1', vars: { q: 'q1' }, expected: { codes: ['A-q1'] } },
    ]);
    writePlan(dir, {
      agentUrl: counting.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    const cacheDir = path.join(dir, 'shared-cache');
    const applied = await runCli(['apply', '--cache-dir', cacheDir, '--quiet'], { cwd: dir });
    expect(applied.stderr).toBe('');
    expect(applied.code).toBe(0);
    const written = readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8');
    // What a failing example's line looks like with its reason (read from the cache).
    expect(written).toMatch(/`a1` d1\/q1 — failed `exact_match` \(extra: Z-q1\)/);

    const withCache = await runCli(['report', '--format', 'md', '--cache-dir', cacheDir], { cwd: dir });
    expect(withCache.code).toBe(0);
    expect(withCache.stdout).toBe(written);

    const without = await runCli(['report', '--format', 'md'], { cwd: dir });
    expect(without.code).toBe(0);
    expect(without.stdout).toMatch(/`a1` d1\/q1 — failed `exact_match`/);
    expect(without.stdout).not.toMatch(/`a1` d1\/q1 — failed `exact_match` \(/);
  });

  it('refuses a --cache-dir that holds no cache instead of rendering without reasons', async () => {
    const result = await runCli(['report', '--cache-dir', 'nowhere'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('no cache at');
  });
});

/**
 * QA51: `evalc report --from .evalc/evalc.only.lock` (the lock of an `apply --only`) took the
 * lockfile's own folder for the plan's: it wrote the reports to `.evalc/.evalc/reports/` and looked
 * for the cache in `.evalc/.evalc/cache` (no failure reasons). It now uses the plan folder's
 * `.evalc/reports` and `.evalc/cache`, as the `apply --only` that wrote the lock did.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCountingAgent, writeDataset, writePlan } from '../e2e/apply-harness.js';

const counting = useCountingAgent();

describe('evalc report --from .evalc/evalc.only.lock (QA51)', () => {
  it("renders into the plan's .evalc/reports with the plan's cache, as apply --only did", async () => {
    const dir = counting.workspace('qa51-report-only');
    // q1 expects only A-q1; the agent answers [A-q1, Z-q1]: the reason `(extra: Z-q1)` is in the cache.
    writeDataset(dir, 'd1.jsonl', [
      { id: 'q0', vars: { q: 'q0' }, expected: { codes: ['A-q0', 'Z-q0'] } },
      { id: 'q1', vars: { q: 'q1' }, expected: { codes: ['A-q1'] } },
    ]);
    writePlan(dir, {
      agentUrl: counting.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    const env = { EVALC_CACHE_DIR: '' };
    const applied = await runCli(['apply', '--only', 't1/d1', '--quiet'], { cwd: dir, env });
    expect(applied.code).toBe(0);
    const reports = path.join(dir, '.evalc', 'reports');
    const written = readFileSync(path.join(reports, 'report.md'), 'utf8');
    expect(written).toMatch(/d1\/q1 — failed `exact_match` \(extra: Z-q1\)/);

    const result = await runCli(['report', '--from', '.evalc/evalc.only.lock'], { cwd: dir, env });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('wrote .evalc/reports/report.md\n');
    expect(existsSync(path.join(dir, '.evalc', '.evalc'))).toBe(false);
    expect(readFileSync(path.join(reports, 'report.md'), 'utf8')).toBe(written);
  });
});

/**
 * QA51: `evalc report --baseline B` rewrote `.evalc/reports/` but left apply's `.evalc-stamp`
 * (what the reports were rendered from) as it was, so the next up-to-date `apply` (no baseline)
 * took them for its own and left B's comparison in the reports it named. `report` now forgets the
 * stamp of the folder it writes, and apply renders its reports again.
 */
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useCountingAgent, writeDataset, writePlan } from '../e2e/apply-harness.js';

const counting = useCountingAgent();

describe('evalc report, then an up-to-date apply (QA51)', () => {
  it("renders apply's own reports again instead of keeping report --baseline's", async () => {
    const dir = counting.workspace('qa51-report-stamp');
    writeDataset(dir, 'd1.jsonl', [{ id: 'q0', vars: { q: 'q0' }, expected: { codes: ['A-q0', 'Z-q0'] } }]);
    writePlan(dir, { agentUrl: counting.agent.url });
    const env = { EVALC_CACHE_DIR: '' };
    expect((await runCli(['apply', '--quiet'], { cwd: dir, env })).code).toBe(0);
    const md = path.join(dir, '.evalc', 'reports', 'report.md');
    const own = readFileSync(md, 'utf8');
    expect(own).not.toContain('Changes vs baseline');

    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'base.lock'));
    const report = await runCli(['report', '--baseline', 'base.lock'], { cwd: dir, env });
    expect(report.code).toBe(0);
    expect(readFileSync(md, 'utf8')).toContain('Changes vs baseline');

    const again = await runCli(['apply'], { cwd: dir, env });
    expect(again.code).toBe(0);
    expect(again.stdout + again.stderr).toContain('evalc.lock is up to date');
    expect(readFileSync(md, 'utf8')).toBe(own);
    expect(counting.agent.stats().invokes).toBe(1);
  });
});

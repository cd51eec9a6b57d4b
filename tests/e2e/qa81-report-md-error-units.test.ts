/**
 * report.md's verdict line counts results (agent × example: `3 with errors`) while its Errors
 * table counts failed steps (each example × repeat, and a metric's own error): with `repeats: 3`
 * a reviewer read "3 with errors" above a table summing to 9, neither saying its unit (QA81).
 * Both now say it: `3 with errors (9 failed steps)` and `Errors (9 failed steps in 3 results)`,
 * the figures apply's summary and the table's rows give.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

// 422 is never retried: a seeded half of the example × repeat runs fail, some examples in several repeats.
const ctx = useCountingAgent({ faults: { seed: 3, rates: { '422': 0.4 } } });

describe('report.md error counts', () => {
  it('say their units, results in the verdict line and failed steps in the Errors table', async () => {
    const dir = ctx.workspace('error-units');
    writeDataset(dir, 'd1.jsonl', countingExamples(6));
    writePlan(dir, { agentUrl: ctx.agent.url, limits: { retries: 0 }, run: { repeats: 3, preflight: 0 } });
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { ...process.env, CI: 'true' } });
    expect(run.code, run.stderr).toBe(0);
    const steps = Number(/(\d+) errors \(/.exec(run.stdout)?.[1]);
    const md = readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8');
    const results = Number(/ · (\d+) with errors/.exec(md)?.[1]);
    // The case the units matter for: more failed steps than results with errors.
    expect(steps).toBeGreaterThan(results);
    expect(results).toBeGreaterThan(0);
    expect(md).toContain(` · ${results} with errors (${steps} failed steps) · `);
    expect(md).toContain(`### ⚠️ Errors (${steps} failed steps in ${results} results)`);
    const rows = md.split('\n').filter((l) => /^\| `[a-z_0-9]+` \| invoke \|/.test(l));
    expect(rows.reduce((n, r) => n + Number(r.split(' | ')[2]), 0)).toBe(steps);
  });
});

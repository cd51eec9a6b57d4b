/**
 * report.md's verdict line says `3 with errors (9 failed steps)` when the Errors table counts more
 * failed steps than results (QA81). With one failed step per result (`repeats: 1`, no metric of its
 * own failing) it read `3 with errors (3 failed steps)`: the parenthesis repeated the count. It is
 * shown only when the figures differ; the Errors heading keeps both units (QA89).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

// 422 is never retried: a seeded part of the examples fail, each once (one repeat).
const ctx = useCountingAgent({ faults: { seed: 3, rates: { '422': 0.4 } } });

describe('report.md verdict line with one failed step per result', () => {
  it('counts the results with errors without repeating the count as failed steps', async () => {
    const dir = ctx.workspace('error-units-once');
    writeDataset(dir, 'd1.jsonl', countingExamples(8));
    writePlan(dir, { agentUrl: ctx.agent.url, limits: { retries: 0 }, run: { repeats: 1, preflight: 0 } });
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, env: { ...process.env, CI: 'true' } });
    expect(run.code, run.stderr).toBe(0);
    const steps = Number(/(\d+) errors \(/.exec(run.stdout)?.[1]);
    expect(steps).toBeGreaterThan(0);
    const md = readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8');
    const verdict = md.split('\n')[2]!;
    expect(verdict).toContain(` · ${steps} with errors · 1 agent × 1 task · `);
    expect(verdict).not.toContain('failed step');
    expect(md).toContain(
      `### ⚠️ Errors (${steps} failed step${steps === 1 ? '' : 's'} in ${steps} result${steps === 1 ? '' : 's'})`,
    );
  });
});

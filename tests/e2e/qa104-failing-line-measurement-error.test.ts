/**
 * QA104 (review of 49da6a1): report.md's line for a failing example names what failed it first,
 * and what the agent answered; a measurement's error (`cost` with no price), which decides no
 * pass, comes after as `also`. The line read 'failed `cost` (error metric_error: no price …),
 * `exact_match`, `pass_rate`' — the measurement first, as if it had failed the example — and the
 * error counted as the line's reason, so the agent's answer ('got answer: B'), which the same
 * example without a cost metric shows, was left out. Real RAIP echo agent on loopback.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './apply-harness.js';
import { applyCostErrorPlan } from './cost-error-plan.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
beforeAll(() => assertBuilt());

describe('a failing example beside a failed measurement, in report.md (QA104)', () => {
  it('names its failed checks first and its answer; the measurement error after, as also', async () => {
    const { dir, run } = await applyCostErrorPlan({
      workspace: 'qa104-failing-line',
      benchmark: 'qa104-failing-line',
      examples: [
        '{"id":"ok1","vars":{"a":"A"},"expected":{"answer":"A"}}',
        '{"id":"bad1","vars":{"a":"B"},"expected":{"answer":"A"}}',
        '{"id":"nox","vars":{"a":"A"}}',
      ],
      costFirst: true,
      cleanups,
    });
    expect(run.code, run.stderr).toBe(0);
    const md = readFileSync(path.join(dir, '.evalc/reports/report.md'), 'utf8');
    const lines = md.split('\n').filter((l) => l.startsWith('- `a1` d/'));
    expect(lines).toEqual([
      '- `a1` d/bad1 — failed `exact_match`, `pass_rate`; also `cost` (error metric\\_error: no price for model "m9" under prices:) · got answer: B',
      '- `a1` d/nox — failed `exact_match` (error metric\\_error: no expected value \\(nor expected\\_sha256\\) for this example), `pass_rate`; also `cost` (error metric\\_error)',
    ]);
  }, 40_000);
});

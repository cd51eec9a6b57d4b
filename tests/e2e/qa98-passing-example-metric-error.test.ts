/**
 * QA98: an example that passed (the lock's `pass: true`, pass_rate 1) although a measurement failed
 * — `cost` with no price for the agent's model is a metric_error, and the efficiency family never
 * decides a pass (src/metrics/README.md "Pass rule") — was reported as an error: report.json
 * counted it under `error` (status `error`), report.md's verdict line read `0 pass · 0 fail · 2 with
 * errors` beside a pass_rate of 0.500, and listed it under "Failing examples" as `failed cost`.
 * It is a passing example now, its metric's error still counted in the Errors table.
 *
 * Against a real RAIP agent on loopback that echoes its input. Hand-computed: ok answers "A"
 * (expected "A": exact_match 1, passes), bad answers "B" (0, fails); both cost errors (no price
 * for "m9"): counts pass 1, fail 1, error 0 (QA99: bad failed its check, and the cost error decides
 * no fail either; it read `0 fail` beside a pass_rate of 0.5); pass_rate 0.5.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, lockResults } from './apply-harness.js';
import { applyCostErrorPlan } from './cost-error-plan.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
beforeAll(() => assertBuilt());

describe('a passing example with a failed measurement (QA98)', () => {
  it('is counted and listed as passing', async () => {
    const { dir, run } = await applyCostErrorPlan({
      workspace: 'qa98-pass-error',
      benchmark: 'qa98-pass-error',
      examples: [
        '{"id":"ok","vars":{"a":"A"},"expected":{"answer":"A"}}',
        '{"id":"bad","vars":{"a":"B"},"expected":{"answer":"A"}}',
      ],
      cleanups,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(lockResults(dir).map((r) => [r.example, r.pass, r.metrics.cost?.error])).toEqual([
      ['ok', true, 'metric_error'],
      ['bad', false, 'metric_error'],
    ]);
    const reports = path.join(dir, '.evalc/reports');
    const json = JSON.parse(readFileSync(path.join(reports, 'report.json'), 'utf8')) as {
      counts: Record<string, number>;
      examples: { example: string; status: string }[];
    };
    // QA99: bad failed its check; the cost error decides nothing there either, so it is a fail.
    expect(json.counts).toEqual({ examples: 2, pass: 1, fail: 1, error: 0 });
    expect(json.examples.map((e) => [e.example, e.status])).toEqual([
      ['bad', 'fail'],
      ['ok', 'pass'],
    ]);
    const md = readFileSync(path.join(reports, 'report.md'), 'utf8');
    expect(md).toContain(
      '2 results · 1 pass · 1 fail · 0 with errors (2 failed steps in 2 results that passed or failed)',
    );
    expect(md).toContain('| `metric_error` | `cost` | 2 |');
    expect(md).toMatch(/- `a1` d\/bad — /);
    expect(md).not.toMatch(/- `a1` d\/ok — /);
  });
});

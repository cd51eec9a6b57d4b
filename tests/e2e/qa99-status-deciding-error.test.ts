/**
 * QA99 (review of bb71880): an example's status says what its checks made it; an error makes it
 * `error` only when that error decided it — an invoke's, or the error of a metric that decides the
 * pass (the pass rule: the gating metrics, else every check not `gate: false`, measurements never).
 * bb71880 kept a passing example with a failed measurement (`cost` with no price) a pass, but a
 * failing one stayed `error`: with every example's cost failing, the verdict line read
 * `2 pass · 0 fail · 2 with errors (4 failed steps)` beside a pass_rate of 0.5, above
 * `Errors (4 failed steps in 4 results)`.
 *
 * Against a real RAIP agent on loopback that echoes its input. Hand-computed from the pass rule:
 * ok1, ok2 answer A = expected (exact_match 1: pass); bad1, bad2 answer B (0: fail); nox has no
 * expected value, so exact_match — a check that decides — is a metric_error: `error`. Every
 * example's cost is a metric_error (no price for m9), which decides nothing. 5 failed steps, in
 * 5 results; 1 result with an error that decided it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './apply-harness.js';
import { applyCostErrorPlan } from './cost-error-plan.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});
beforeAll(() => assertBuilt());

const CHROMIUM = '/usr/bin/chromium';

/** Applies the plan of the header against a real echo agent; the reports folder. */
async function applyCostErrors(): Promise<string> {
  const { dir, run } = await applyCostErrorPlan({
    workspace: 'qa99-status',
    benchmark: 'qa99-status',
    examples: [
      '{"id":"ok1","vars":{"a":"A"},"expected":{"answer":"A"}}',
      '{"id":"ok2","vars":{"a":"A"},"expected":{"answer":"A"}}',
      '{"id":"bad1","vars":{"a":"B"},"expected":{"answer":"A"}}',
      '{"id":"bad2","vars":{"a":"B"},"expected":{"answer":"A"}}',
      '{"id":"nox","vars":{"a":"A"}}',
    ],
    cleanups,
  });
  expect(run.code, run.stderr).toBe(0);
  return path.join(dir, '.evalc/reports');
}

describe("an example's status and a measurement's error (QA99)", () => {
  it('is the pass or fail its checks made it; an error that decided it is `error`', async () => {
    const reports = await applyCostErrors();
    const json = JSON.parse(readFileSync(path.join(reports, 'report.json'), 'utf8')) as {
      counts: Record<string, number>;
      examples: { example: string; status: string }[];
    };
    expect(json.counts).toEqual({ examples: 5, pass: 2, fail: 2, error: 1 });
    expect(json.examples.map((e) => [e.example, e.status])).toEqual([
      ['bad1', 'fail'],
      ['bad2', 'fail'],
      ['nox', 'error'],
      ['ok1', 'pass'],
      ['ok2', 'pass'],
    ]);
    const md = readFileSync(path.join(reports, 'report.md'), 'utf8');
    expect(md).toContain(
      '5 results · 2 pass · 2 fail · 1 with errors (6 failed steps in 5 results, 4 of which passed or failed)',
    );
    expect(md).toContain('### ⚠️ Errors (6 failed steps in 5 results)');
    expect(md).toContain('| `metric_error` | `cost` | 5 |');
    // The failing examples are listed, the failed measurement with them (after what failed them,
    // as `also`: QA104); the passing ones are not.
    expect(md).toMatch(
      /- `a1` d\/bad1 — failed `exact_match`, `pass_rate`; also `cost` \(error metric\\_error/,
    );
    expect(md).toMatch(
      /- `a1` d\/nox — failed `exact_match` \(error metric\\_error[^)]*\)[^;]*; also `cost` \(error metric\\_error\)/,
    );
    expect(md).not.toMatch(/- `a1` d\/ok1/);
    const html = readFileSync(path.join(reports, 'report.html'), 'utf8');
    expect(html).toContain(
      '5 results · 2 pass · 2 fail · 1 with errors (6 failed steps in 5 results, 4 of which passed or failed)',
    );
  });

  // report.html's "errors" filter shows every result with a failed step, as report.md's Errors
  // table counts them (5 in 5 results), not only the one whose status is `error`.
  it.skipIf(!existsSync(CHROMIUM))(
    "is every result with a failed step in report.html's errors filter",
    async () => {
      const reports = await applyCostErrors();
      const browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
      });
      try {
        const page = await browser.newPage();
        await page.goto(pathToFileURL(path.join(reports, 'report.html')).href);
        await page.selectOption('#filter', 'errors');
        const ids = await page.$$eval('#examples-table tbody tr', (rows) =>
          rows.map((r) => r.getAttribute('data-id') ?? ''),
        );
        expect(ids.sort()).toEqual(['bad1', 'bad2', 'nox', 'ok1', 'ok2'].map((e) => `a1/t/d/${e}`));
        await page.selectOption('#filter', 'failures');
        const failing = await page.$$eval('#examples-table tbody tr', (rows) =>
          rows.map((r) => r.getAttribute('data-id') ?? ''),
        );
        expect(failing.sort()).toEqual(['bad1', 'bad2', 'nox'].map((e) => `a1/t/d/${e}`));
      } finally {
        await browser.close();
      }
    },
    120_000,
  );
});

/**
 * Volatile measures (DESIGN.md §5: "Volatile figures … live in the reports, or in a section of the
 * lock that evalc diff compares with tolerance"): `tokens` and `cost` without a budget have no
 * score; their means per example are in the lock's `volatile` section and in report.md, and
 * `evalc diff` flags a change beyond its tolerance. The counting agent reports 3 input and 5
 * output tokens per call.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  readLock,
  runCli,
  useCountingAgent,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent();

function addPrices(dir: string, input: number, output: number): void {
  const file = path.join(dir, 'evalc.yaml');
  const plan = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  plan.prices = { m1: { input, output } };
  writeFileSync(file, `${JSON.stringify(plan, null, 2)}\n`);
}

describe('volatile measures', () => {
  it('keeps the mean tokens and cost per example in the lock and report.md, and diff compares them', async () => {
    const dir = ctx.workspace('measures');
    writeDataset(dir, 'd1.jsonl', countingExamples(3));
    const metrics = [
      { type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' },
      { type: 'tokens' },
      { type: 'cost', model: 'm1' },
    ];
    writePlan(dir, { agentUrl: ctx.agent.url, metrics });
    // USD per 1M tokens: (3 × 2 + 5 × 10) / 1e6 = 5.6e-5 per example.
    addPrices(dir, 2, 10);
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const lock = JSON.parse(readLock(dir)) as {
      volatile: Record<string, { tokens: number; measures?: Record<string, number> }>;
      aggregates: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(lock.volatile['a1/t1/d1']).toMatchObject({ tokens: 24, measures: { cost: 0.000056, tokens: 8 } });
    expect(lock.aggregates.benchmark?.a1?.cost).toBeUndefined();
    const md = readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8');
    expect(md).toContain(' · 1 agent × 1 task · ');
    expect(md).toContain(
      '| agent/task/dataset | mean ms | p50 ms | tokens | `cost` mean USD | `tokens` mean tokens |',
    );
    expect(md).toMatch(/\| `a1\/t1\/d1` \| \d+ \| \d+ \| 24 \| 0\.000056 \| 8 \|/);

    // Prices up 50%: nothing is invoked again, the cost mean moves beyond diff's ±20%.
    const before = path.join(dir, 'before.lock');
    writeFileSync(before, readLock(dir));
    addPrices(dir, 3, 15);
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toMatch(
      /~ score +counting\/t1\[a1\]\/cost +3 examples +because prices changed \(prices:\)/,
    );
    expect(plan.stdout).toContain('Plan: 0 to invoke, 0 to extract, 6 to score'); // cost and pass_rate
    ctx.agent.reset();
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(0);
    const diff = await runCli(['diff', 'before.lock', 'evalc.lock', '--format', 'json'], { cwd: dir });
    const parsed = JSON.parse(diff.stdout) as {
      volatile: { subject: string; field: string; withinTolerance: boolean }[];
    };
    expect(parsed.volatile.filter((v) => !v.withinTolerance).map((v) => `${v.subject} ${v.field}`)).toEqual([
      'a1/t1/d1 measures.cost',
    ]);
  });
});

/**
 * QA38: `apply --baseline` with another plan's lockfile (a monorepo job that took the wrong
 * evalc.lock from main) skipped every regression gate — "no paired examples" in the reports — and
 * said nothing on stderr, so the job passed on its min/max gates alone. apply now warns, naming
 * the two benchmark ids (or saying that the baseline shares no example with the run).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('apply --baseline with a lockfile of another benchmark (QA38)', () => {
  it('warns on stderr, and in --json as a message event; not with its own baseline', async () => {
    const dir = ctx.workspace('qa38-foreign-baseline');
    writeDataset(dir, 'd1.jsonl', countingExamples(4, 'f'));
    writePlan(dir, {
      agentUrl: ctx.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
      gates: [{ metric: 'exact_match', regression: { max_drop: 0.02 } }],
    });
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8'));
    writeFileSync(path.join(dir, 'own.lock'), JSON.stringify(lock, null, 2));
    // Another plan's lock: another benchmark id, other examples.
    lock.plan.benchmark.id = 'other-plan';
    for (const r of lock.results) r.example = `x-${r.example}`;
    writeFileSync(path.join(dir, 'other.lock'), JSON.stringify(lock, null, 2));

    const own = await runCli(['apply', 'evalc.yaml', '--baseline', 'own.lock'], { cwd: dir });
    expect(own.code).toBe(0);
    expect(own.stderr).not.toContain('warning');

    const other = await runCli(['apply', 'evalc.yaml', '--baseline', 'other.lock'], { cwd: dir });
    expect(other.code).toBe(0);
    expect(other.stderr).toContain(
      'evalc: warning: --baseline other.lock is a lockfile of benchmark "other-plan", this plan is "counting": it shares no example with this run, so every regression gate was skipped',
    );

    const json = await runCli(['apply', 'evalc.yaml', '--baseline', 'other.lock', '--json'], { cwd: dir });
    const events = json.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string; text?: string });
    expect(events.at(-1)?.event).toBe('result');
    expect(events.some((e) => e.event === 'message' && e.text?.includes('benchmark "other-plan"'))).toBe(
      true,
    );
  });

  it('does not warn with its own baseline when the only regression gate is on a measurement', async () => {
    const dir = ctx.workspace('qa38-own-baseline-tokens');
    writeDataset(dir, 'd1.jsonl', countingExamples(3, 't'));
    writePlan(dir, {
      agentUrl: ctx.agent.url,
      metrics: [
        { type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' },
        { type: 'tokens' },
      ],
      gates: [{ metric: 'tokens', regression: { max_drop: 0.02 } }],
    });
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    writeFileSync(path.join(dir, 'own.lock'), readFileSync(path.join(dir, 'evalc.lock')));
    const own = await runCli(['apply', 'evalc.yaml', '--baseline', 'own.lock'], { cwd: dir });
    expect(own.code).toBe(0);
    expect(own.stderr).not.toContain('--baseline');
  });
});

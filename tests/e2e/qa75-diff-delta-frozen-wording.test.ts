/**
 * QA75: `evalc diff --format json` wrote a delta's float noise (1 − 0.666666666667 =
 * 0.33333333333299997) and the paired bootstrap's CI unrounded; both are now recorded as the
 * lock's figures are (12 significant digits). `apply --frozen` said "1 agent responses are not
 * cached". The agent is a real loopback RAIP server; the locks come from real applies.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { faultExamples, faultPlan, startFaultAgent } from '../fixtures/qa3-fault-agent.js';
import { runCli, useAgent } from './apply-harness.js';

const fault = useAgent(() => startFaultAgent());

describe('QA75: diff figures and --frozen wording', () => {
  it("diff --format json records delta and CI as the lock's figures, without float noise", async () => {
    const dir = fault.workspace('qa75-delta');
    writeFileSync(path.join(dir, 'evalc.yaml'), faultPlan(fault.agent.url, { retries: 0 }));
    // Run 1: e3 answers with an HTTP 500 (scored 0): exact_match 2/3. Run 2: all pass, 1 …
    writeFileSync(path.join(dir, 'd1.jsonl'), faultExamples({ e1: 'ok', e2: 'ok', e3: '500' }));
    await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'old.lock'));
    // … and a fourth example: tokens are compared per example run, 4/3 against 8/4.
    writeFileSync(path.join(dir, 'd1.jsonl'), faultExamples({ e1: 'ok', e2: 'ok', e3: 'ok', e4: 'ok' }));
    await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    const diff = await runCli(['diff', 'old.lock', 'evalc.lock', '--format', 'json'], { cwd: dir });
    expect(diff.code).toBe(0);
    const deltas = (JSON.parse(diff.stdout) as { aggregates: { delta: number; ci: number[] | null }[] })
      .aggregates;
    expect(deltas.length).toBeGreaterThan(0);
    for (const d of deltas) {
      expect(d.delta).toBe(0.333333333333);
      for (const x of d.ci ?? []) expect(Number(x.toPrecision(12))).toBe(x);
    }
    expect(diff.stdout).not.toContain('0.33333333333299997');
    // Volatile figures too: tokens per run (4 tokens over 3 runs), a ratio of durations.
    const volatile = (
      JSON.parse(diff.stdout) as { volatile: { old: number; new: number; relative: number | null }[] }
    ).volatile;
    expect(volatile.some((v) => v.old === 1.33333333333)).toBe(true);
    for (const v of volatile)
      for (const x of [v.old, v.new, v.relative ?? 0]) expect(Number(x.toPrecision(12))).toBe(x);
  });

  it('--frozen with one response missing says "1 agent response is not cached"', async () => {
    const dir = fault.workspace('qa75-frozen');
    writeFileSync(path.join(dir, 'evalc.yaml'), faultPlan(fault.agent.url, { retries: 0 }));
    writeFileSync(path.join(dir, 'd1.jsonl'), faultExamples({ e1: 'ok' }));
    await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    writeFileSync(path.join(dir, 'd1.jsonl'), faultExamples({ e1: 'ok', e2: 'ok' }));
    const frozen = await runCli(['apply', 'evalc.yaml', '--frozen'], { cwd: dir });
    expect(frozen.code).toBe(1);
    expect(frozen.stderr).toContain('--frozen: 1 agent response is not cached');
  });
});

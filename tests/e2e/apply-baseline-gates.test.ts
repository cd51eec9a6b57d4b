/**
 * Regression gates belong to the run that had a --baseline: the next apply without one evaluates
 * them again (skipped), instead of returning the baseline run's lockfile as "up to date".
 */
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

interface Gate {
  kind: string;
  passed: boolean;
  skipped?: boolean;
}

describe('regression gates and the up-to-date lockfile', () => {
  it('a run after a --baseline run evaluates its regression gates again, as skipped', async () => {
    const dir = ctx.workspace('baseline-gates');
    writeDataset(dir, 'd1.jsonl', countingExamples(6, 'g'));
    writePlan(dir, {
      agentUrl: ctx.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
      gates: [{ metric: 'exact_match', regression: { max_drop: 0.02 } }],
    });
    const lockFile = path.join(dir, 'evalc.lock');
    const gatesOf = (): Gate[] => (JSON.parse(readFileSync(lockFile, 'utf8')) as { gates: Gate[] }).gates;

    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const first = readFileSync(lockFile, 'utf8');
    expect(gatesOf().every((g) => g.kind === 'regression' && g.skipped === true)).toBe(true);

    copyFileSync(lockFile, path.join(dir, 'baseline.lock'));
    const compared = await runCli(['apply', 'evalc.yaml', '--quiet', '--baseline', 'baseline.lock'], {
      cwd: dir,
    });
    expect(compared.code).toBe(0);
    expect(gatesOf().some((g) => g.kind === 'regression' && !g.skipped && g.passed)).toBe(true);

    ctx.agent.reset();
    const again = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: dir });
    expect(again.code).toBe(0);
    const result = again.stdout
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => e.event === 'result');
    expect(result?.upToDate).toBeUndefined();
    expect(result?.invoked).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(gatesOf().every((g) => g.skipped === true)).toBe(true);
    expect(readFileSync(lockFile, 'utf8')).toBe(first);
  });
});

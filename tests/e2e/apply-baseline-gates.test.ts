/**
 * Regression gates compare this run with a `--baseline` lockfile: their results go to the
 * reports and the exit code, while evalc.lock records the plan's run whatever baseline a command
 * compared it with (its regression gates stay skipped), so a CI job's lock equals a developer's.
 * On an up-to-date lock nothing runs: the gates are judged from the lock's rows (a cold CI cache
 * with --frozen calls no agent).
 */
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  countingExamples,
  runCli,
  useCountingAgent,
  withoutDurations,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const ctx = useCountingAgent();

interface Gate {
  kind: string;
  passed: boolean;
  skipped?: boolean;
  message: string;
}

describe('regression gates and the lockfile', () => {
  it('are judged into the reports, never into evalc.lock; an up-to-date lock runs nothing', async () => {
    const dir = ctx.workspace('baseline-gates');
    writeDataset(dir, 'd1.jsonl', countingExamples(6, 'g'));
    writePlan(dir, {
      agentUrl: ctx.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
      gates: [{ metric: 'exact_match', regression: { max_drop: 0.02 } }],
    });
    const lockFile = path.join(dir, 'evalc.lock');
    const lockGates = (): Gate[] => (JSON.parse(readFileSync(lockFile, 'utf8')) as { gates: Gate[] }).gates;
    const reportGates = (): Gate[] =>
      (JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as { gates: Gate[] })
        .gates;

    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const first = readFileSync(lockFile, 'utf8');
    expect(lockGates().every((g) => g.kind === 'regression' && g.skipped === true)).toBe(true);
    copyFileSync(lockFile, path.join(dir, 'baseline.lock'));

    // Up to date, cache gone (a CI runner that restored none), --frozen: judged from the lock.
    rmSync(path.join(dir, '.evalc/cache'), { recursive: true, force: true });
    ctx.agent.reset();
    const compared = await runCli(['apply', 'evalc.yaml', '--frozen', '--baseline', 'baseline.lock'], {
      cwd: dir,
    });
    expect(compared.code).toBe(0);
    expect(compared.stdout).toContain('evalc.lock is up to date');
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(readFileSync(lockFile, 'utf8')).toBe(first);
    const judged = reportGates().find((g) => g.kind === 'regression');
    expect(judged).toMatchObject({ passed: true });
    expect(judged?.skipped).toBeUndefined();
    expect(judged?.message).toContain('drop ≤ max_drop');

    // A run that does work with a baseline judges the same gate the same way, and writes the same lock.
    const ran = await runCli(['apply', 'evalc.yaml', '--refresh', '--quiet', '--baseline', 'baseline.lock'], {
      cwd: dir,
    });
    expect(ran.code).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(6);
    expect(reportGates().find((g) => g.kind === 'regression')).toEqual(judged);
    expect(withoutDurations(readFileSync(lockFile, 'utf8'))).toBe(withoutDurations(first));
  });

  it('a regression judged from an up-to-date lock fails the command (exit 1)', async () => {
    const dir = ctx.workspace('baseline-regression');
    // The baseline run expected the agent's codes; this plan expects other ones for every example.
    writeDataset(dir, 'd1.jsonl', countingExamples(12, 'r'));
    const spec = {
      agentUrl: ctx.agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
      gates: [{ metric: 'exact_match', regression: { max_drop: 0.02 } }],
    };
    writePlan(dir, spec);
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));
    writeDataset(
      dir,
      'd1.jsonl',
      countingExamples(12, 'r').map((e) => ({ ...e, expected: { codes: ['nothing'] } })),
    );
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0); // the developer's run
    ctx.agent.reset();
    const gated = await runCli(['apply', 'evalc.yaml', '--baseline', 'main.lock'], { cwd: dir });
    expect(ctx.agent.stats().invokes).toBe(0);
    expect(gated.code).toBe(1);
    expect(gated.stderr).toMatch(
      /gate failed: exact_match at benchmark for a1: 1\.000 → 0\.000 .*exact McNemar, b=12 c=0.*REGRESSION/,
    );
  });
});

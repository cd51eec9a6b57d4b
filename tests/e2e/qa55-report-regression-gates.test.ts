/**
 * QA55: `evalc apply --baseline main.lock` judged the regression gates against the baseline, while
 * `evalc report --baseline main.lock` showed the same gates "skipped here", so the re-rendered
 * report said "1 of 2 gates failed" where apply (exit 1) had failed 2. The report now judges them
 * from the plan the lock was applied from (its digest is the lock's), and says why in words when
 * it cannot: no plan beside the lock, or a plan changed since.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

interface Gate {
  kind: string;
  passed: boolean;
  skipped?: boolean;
  message: string;
}

const gatesOf = (json: string): Gate[] => (JSON.parse(json) as { gates: Gate[] }).gates;

/** A plan with a min gate and a regression gate, a baseline run, then a run that fails every example. */
async function regressed(name: string): Promise<string> {
  const dir = ctx.workspace(name);
  writeDataset(dir, 'd1.jsonl', countingExamples(12, 'r'));
  writePlan(dir, {
    agentUrl: ctx.agent.url,
    metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    gates: [
      { metric: 'exact_match', min: 0 },
      { metric: 'exact_match', regression: { max_drop: 0.02, significance: 0.05 } },
    ],
  });
  expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
  copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));
  writeDataset(
    dir,
    'd1.jsonl',
    countingExamples(12, 'r').map((e) => ({ ...e, expected: { codes: ['nothing'] } })),
  );
  expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
  return dir;
}

describe('report --baseline judges the regression gates as apply --baseline does (QA55)', () => {
  it('the same gates and the same verdict, in report.json and report.md', async () => {
    const dir = await regressed('qa55-same-verdict');
    const applied = await runCli(['apply', 'evalc.yaml', '--quiet', '--baseline', 'main.lock'], { cwd: dir });
    expect(applied.code).toBe(1);
    const applyGates = gatesOf(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8'));
    expect(applyGates.filter((g) => !g.passed)).toHaveLength(1);

    const json = await runCli(['report', '--baseline', 'main.lock', '--format', 'json'], { cwd: dir });
    expect(json.code).toBe(0);
    expect(gatesOf(json.stdout)).toEqual(applyGates);
    const md = await runCli(['report', '--baseline', 'main.lock', '--format', 'md'], { cwd: dir });
    expect(md.stdout).toContain('1 of 2 gates failed');
    expect(md.stdout).toMatch(/exact McNemar, b=12 c=0.*REGRESSION/);
    expect(md.stdout).not.toContain('skipped here');
    // From another folder, the lock named by its path: the plan beside it is found.
    mkdirSync(path.join(dir, 'elsewhere'));
    const far = await runCli(
      ['report', '--from', '../evalc.lock', '--baseline', '../main.lock', '--format', 'json'],
      { cwd: path.join(dir, 'elsewhere') },
    );
    expect(gatesOf(far.stdout)).toEqual(applyGates);
  });

  it('says why in words when the plan beside the lock changed since, or is not there', async () => {
    const dir = await regressed('qa55-plan-changed');
    const plan = readFileSync(path.join(dir, 'evalc.yaml'), 'utf8');
    writeFileSync(path.join(dir, 'evalc.yaml'), plan.replace('0.02', '0.9'));
    const changed = await runCli(['report', '--baseline', 'main.lock', '--format', 'json'], { cwd: dir });
    const gate = gatesOf(changed.stdout).find((g) => g.kind === 'regression');
    expect(gate).toMatchObject({ skipped: true, passed: true });
    expect(gate?.message).toContain('is the one it was applied from');
    expect(gate?.message).toContain('the plan changed since');
    expect(gate?.message).toContain("max_drop and significance are the plan's");

    const alone = path.join(dir, 'alone');
    mkdirSync(alone);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(alone, 'evalc.lock'));
    copyFileSync(path.join(dir, 'main.lock'), path.join(alone, 'main.lock'));
    const md = await runCli(['report', '--baseline', 'main.lock', '--format', 'md'], { cwd: alone });
    expect(md.stdout).toContain('no plan \\(evalc.yaml\\) beside evalc.lock');
    expect(md.stdout).toContain('judged by evalc apply --baseline');
  });
});

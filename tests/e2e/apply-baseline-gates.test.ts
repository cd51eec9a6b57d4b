/**
 * Regression gates belong to the run that had a --baseline: the next apply without one evaluates
 * them again (skipped), instead of returning the baseline run's lockfile as "up to date".
 */
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CountingAgent, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import {
  assertBuilt,
  countingExamples,
  runCli,
  tempWorkspace,
  writeDataset,
  writePlan,
} from './apply-harness.js';

let agent: CountingAgent;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  agent = await startCountingAgent({});
});
afterAll(async () => {
  await agent.close();
  for (const c of cleanups) c();
});

interface Gate {
  kind: string;
  passed: boolean;
  skipped?: boolean;
}

describe('regression gates and the up-to-date lockfile', () => {
  it('a run after a --baseline run evaluates its regression gates again, as skipped', async () => {
    const ws = tempWorkspace('baseline-gates');
    cleanups.push(ws.cleanup);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(6, 'g'));
    writePlan(ws.dir, {
      agentUrl: agent.url,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
      gates: [{ metric: 'exact_match', regression: { max_drop: 0.02 } }],
    });
    const lockFile = path.join(ws.dir, 'evalc.lock');
    const gatesOf = (): Gate[] => (JSON.parse(readFileSync(lockFile, 'utf8')) as { gates: Gate[] }).gates;

    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir })).code).toBe(0);
    const first = readFileSync(lockFile, 'utf8');
    expect(gatesOf().every((g) => g.kind === 'regression' && g.skipped === true)).toBe(true);

    copyFileSync(lockFile, path.join(ws.dir, 'baseline.lock'));
    const compared = await runCli(['apply', 'evalc.yaml', '--quiet', '--baseline', 'baseline.lock'], {
      cwd: ws.dir,
    });
    expect(compared.code).toBe(0);
    expect(gatesOf().some((g) => g.kind === 'regression' && !g.skipped && g.passed)).toBe(true);

    agent.reset();
    const again = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
    expect(again.code).toBe(0);
    const result = again.stdout
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => e.event === 'result');
    expect(result?.upToDate).toBeUndefined();
    expect(result?.invoked).toBe(0);
    expect(agent.stats().invokes).toBe(0);
    expect(gatesOf().every((g) => g.skipped === true)).toBe(true);
    expect(readFileSync(lockFile, 'utf8')).toBe(first);
  });
});

/**
 * QA113 (QA108 N2): report.md's schema-drift count (RAIP R8) was max(the lock's `schemaRefusals`,
 * the refusals in the invoke records read back from the cache). After `apply --only t1/d2 --refresh`
 * (whose lock is .evalc/evalc.only.lock) re-invoked d2 and the agent refused other inputs, the cache
 * held the new replies, and `evalc report` of evalc.lock said more refusals than its apply printed.
 * The lock's count is the run's record: report.md says it, and records are counted (for a lock
 * without the count) only where the lock's own row says contract_error.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { type CountingAgent, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import { countingExamples, runCli, tempWorkspace, writeDataset, writePlan } from './apply-harness.js';

const agents: CountingAgent[] = [];
const cleanups: (() => void)[] = [];
afterAll(async () => {
  for (const a of agents) await a.close();
  for (const c of cleanups) c();
});

function drift(stdout: string): { refused: number; answered: number } | undefined {
  const result = stdout
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((e) => e.event === 'result');
  return ((result?.schemaDrift ?? []) as { refused: number; answered: number }[])[0];
}

describe('schema drift of evalc.lock after an --only --refresh run (QA113)', () => {
  it('evalc report says the refusals evalc.lock’s apply printed', async () => {
    const agent = await startCountingAgent({
      faults: { seed: 3, rates: { '400': 0.3 } },
    });
    agents.push(agent);
    const ws = tempWorkspace('qa113-drift');
    cleanups.push(ws.cleanup);
    writeDataset(ws.dir, 'd1.jsonl', countingExamples(30, 'a'));
    writeDataset(ws.dir, 'd2.jsonl', countingExamples(30, 'b'));
    writePlan(ws.dir, {
      agentUrl: agent.url,
      secondDataset: true,
      metrics: [{ type: 'exact_match', candidate: 'codes', expected: 'codes', mode: 'set' }],
    });
    const full = await runCli(['apply', 'evalc.yaml', '--json'], { cwd: ws.dir });
    expect(full.code).toBe(0);
    const said = drift(full.stdout);
    expect(said?.refused).toBeGreaterThan(3);

    const only = await runCli(['apply', 'evalc.yaml', '--only', 't1/d2', '--refresh', '--json'], {
      cwd: ws.dir,
    });
    expect(only.code).toBe(0);

    const report = await runCli(['report', '--format', 'md'], { cwd: ws.dir });
    expect(report.code).toBe(0);
    expect(report.stdout).toContain(
      `- **Schema drift**: agent a1: ${said?.refused} of ${said?.answered} inputs that fit its /info input schema`,
    );
  });
});

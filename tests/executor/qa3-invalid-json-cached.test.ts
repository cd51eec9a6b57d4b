/**
 * A 200 whose body is not JSON is the agent's answer, not a transient fault: it is not retried
 * (RAIP: malformed replies are contract errors) and, like a 400/422, it is cached as a failed
 * step, so re-applying the unchanged plan calls no agent and writes the same lockfile, and a
 * resumed run does not ask again. Real CLI, real loopback agent.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, lockResults, readLock, runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { type FaultAgent, faultExamples, faultPlan, startFaultAgent } from '../fixtures/qa3-fault-agent.js';

let agent: FaultAgent;
const cleanups: (() => void)[] = [];
beforeAll(async () => {
  assertBuilt();
  agent = await startFaultAgent();
});
afterAll(async () => {
  await agent.close();
  for (const c of cleanups) c();
});

describe('a reply that is not JSON', () => {
  it('is recorded as invalid_json once, cached, and not asked again by the next apply', async () => {
    const ws = tempWorkspace('qa3-invalid-json');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      faultPlan(agent.url, { concurrency: 2, retries: 2, timeout: '5s' }),
    );
    writeFileSync(
      path.join(ws.dir, 'd1.jsonl'),
      faultExamples({ j1: 'ok', j2: 'ok', j3: 'ok', j4: 'ok', j5: 'ok', jbad: 'badjson', jerr: 'errbody' }),
    );

    const first = await runCli(['apply', '--quiet'], { cwd: ws.dir });
    expect(first.code).toBe(0);
    const rows = lockResults(ws.dir);
    expect(rows.find((r) => r.example === 'jbad')?.errors).toEqual(['invalid_json']);
    expect(rows.find((r) => r.example === 'jerr')?.errors).toEqual(['contract_violation']);
    expect(agent.calls('jbad')).toBe(1);
    const lock = readLock(ws.dir);

    const plan = await runCli(['plan'], { cwd: ws.dir });
    expect(plan.stdout).toContain('No changes');
    expect(plan.code).toBe(0);

    const again = await runCli(['apply', '--json'], { cwd: ws.dir });
    expect(again.code).toBe(0);
    expect(agent.calls('jbad')).toBe(1);
    expect(agent.calls('jerr')).toBe(1);
    expect(readLock(ws.dir)).toBe(lock);
    const result = JSON.parse(again.stdout.trim().split('\n').at(-1) ?? '{}') as { invoked?: number };
    expect(result.invoked).toBe(0);

    const frozen = await runCli(['apply', '--frozen', '--quiet'], { cwd: ws.dir });
    expect(frozen.code).toBe(0);
  });
});

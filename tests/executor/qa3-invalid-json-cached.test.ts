/**
 * A 200 whose body is not JSON is the agent's answer, not a transient fault: it is not retried
 * (RAIP: malformed replies are contract errors) and, like a 400/422, it is cached as a failed
 * step, so re-applying the unchanged plan calls no agent and writes the same lockfile, and a
 * resumed run does not ask again. Real CLI, real loopback agent.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockResults, readLock, runCli, useAgent } from '../e2e/apply-harness.js';
import { faultExamples, faultPlan, startFaultAgent } from '../fixtures/qa3-fault-agent.js';

const ctx = useAgent(() => startFaultAgent());

describe('a reply that is not JSON', () => {
  it('is recorded as invalid_json once, cached, and not asked again by the next apply', async () => {
    const dir = ctx.workspace('qa3-invalid-json');
    writeFileSync(
      path.join(dir, 'evalc.yaml'),
      faultPlan(ctx.agent.url, { concurrency: 2, retries: 2, timeout: '5s' }),
    );
    writeFileSync(
      path.join(dir, 'd1.jsonl'),
      faultExamples({ j1: 'ok', j2: 'ok', j3: 'ok', j4: 'ok', j5: 'ok', jbad: 'badjson', jerr: 'errbody' }),
    );

    const first = await runCli(['apply', '--quiet'], { cwd: dir });
    expect(first.code).toBe(0);
    const rows = lockResults(dir);
    expect(rows.find((r) => r.example === 'jbad')?.errors).toEqual(['invalid_json']);
    expect(rows.find((r) => r.example === 'jerr')?.errors).toEqual(['contract_violation']);
    expect(ctx.agent.calls('jbad')).toBe(1);
    const lock = readLock(dir);

    const plan = await runCli(['plan'], { cwd: dir });
    expect(plan.stdout).toContain('No changes');
    expect(plan.code).toBe(0);

    const again = await runCli(['apply', '--json'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(ctx.agent.calls('jbad')).toBe(1);
    expect(ctx.agent.calls('jerr')).toBe(1);
    expect(readLock(dir)).toBe(lock);
    const result = JSON.parse(again.stdout.trim().split('\n').at(-1) ?? '{}') as { invoked?: number };
    expect(result.invoked).toBe(0);

    const frozen = await runCli(['apply', '--frozen', '--quiet'], { cwd: dir });
    expect(frozen.code).toBe(0);
  });
});

/**
 * `evalc plan` asks a listening RAIP agent's /info like apply does (DESIGN.md §1: agents are
 * discovered before compile), so a new agent version shows as the re-invokes apply will do, and
 * plan and apply agree. An agent that does not answer is planned with its locked identity.
 */
import { describe, expect, it } from 'vitest';
import { type CountingAgentOptions, startCountingAgent } from '../fixtures/apply-counting-agent.mjs';
import {
  countingExamples,
  readLock,
  runCli,
  useCountingAgent,
  writeDataset,
  writePlan,
} from './apply-harness.js';

const options: CountingAgentOptions = {};
const ctx = useCountingAgent(options);
const N = 4;

describe('plan and the agent identity', () => {
  it('shows the re-invokes a new agent version causes, then agrees with apply', async () => {
    const dir = ctx.workspace('plan-identity');
    writeDataset(dir, 'd1.jsonl', countingExamples(N));
    writePlan(dir, { agentUrl: ctx.agent.url });
    delete options.version;
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const same = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/^No changes\./);

    options.version = '1.1.0';
    const changed = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(changed.code).toBe(2);
    expect(changed.stdout).toMatch(
      new RegExp(`~ invoke +counting/t1\\[a1\\] +${N} examples +because agent identity changed`),
    );
    expect(changed.stderr).toContain('note: agent a1: version 1.0.0 → 1.1.0');
    const json = JSON.parse((await runCli(['plan', 'evalc.yaml', '--json'], { cwd: dir })).stdout) as {
      counts: { invoke: { run: number } };
      notes: string[];
    };
    expect(json.counts.invoke.run).toBe(N);
    expect(json.notes).toEqual(['agent a1: version 1.0.0 → 1.1.0']);

    ctx.agent.reset();
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(N);
    const after = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(after.code).toBe(0);
    expect(after.stderr).toBe('');
    delete options.version;
  });

  it('plans with the locked identity, and says so, when the agent does not answer /info', async () => {
    const agent = await startCountingAgent();
    const dir = ctx.workspace('plan-identity-down');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writePlan(dir, { agentUrl: agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    await agent.close();
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(/^No changes\./);
    expect(plan.stderr).toContain(
      'note: agent a1 did not answer /info: planned with its identity in evalc.lock',
    );
  });

  it('names why discovery failed when the agent answers /info with a schema that does not compile (QA34 F2)', async () => {
    const agentOptions: CountingAgentOptions = {};
    const agent = await startCountingAgent(agentOptions);
    try {
      const dir = ctx.workspace('plan-identity-bad-schema');
      writeDataset(dir, 'd1.jsonl', countingExamples(2));
      writePlan(dir, { agentUrl: agent.url });
      expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
      agentOptions.inputSchema = { type: 'strang' };
      agentOptions.etag = '"v3"';
      const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
      expect(plan.stderr).toMatch(
        /note: agent a1 answered \/info, but its discovery failed \(contract_violation: [^)]*strang[^)]*\): planned with its identity in evalc\.lock/,
      );
      expect(plan.stderr).not.toContain('did not answer');
      const json = JSON.parse((await runCli(['plan', 'evalc.yaml', '--json'], { cwd: dir })).stdout) as {
        notes: string[];
      };
      expect(json.notes.join('\n')).toContain('answered /info, but its discovery failed (contract_violation');
    } finally {
      await agent.close();
    }
  });

  it('takes a new ETag with the same schema and version as no change: plan and apply agree, the lock stays', async () => {
    const dir = ctx.workspace('plan-identity-etag');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writePlan(dir, { agentUrl: ctx.agent.url });
    delete options.version;
    delete options.etag;
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const lock = readLock(dir);
    options.etag = '"restarted"';
    try {
      const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
      expect(plan.code).toBe(0);
      const apply = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
      expect(apply.code).toBe(0);
      expect(apply.stdout).toContain('evalc.lock is up to date');
      expect(readLock(dir)).toBe(lock);
    } finally {
      delete options.etag;
    }
  });
});

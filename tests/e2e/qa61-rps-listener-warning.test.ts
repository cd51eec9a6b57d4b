/**
 * QA61: with `limits.rps`, every example waiting for its token listened to the run's stop signal
 * (`AbortSignal.any`, Node's default limit of 10 listeners), so any run with more than ten examples
 * waiting printed Node's `MaxListenersExceededWarning: Possible EventTarget memory leak detected`
 * on stderr, `--quiet` included. Real CLI, the counting RAIP agent on loopback.
 */
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('apply with limits.rps and many examples waiting for a token', () => {
  it('prints no Node warning on stderr', async () => {
    const dir = ctx.workspace('qa61-rps-listeners');
    // rps 100: 30 examples take ~0.3 s; after the preflight, 25 wait for a token at once.
    writePlan(dir, { agentUrl: ctx.agent.url, limits: { rps: 100, concurrency: 32 } });
    writeDataset(dir, 'd1.jsonl', countingExamples(30));
    const run = await runCli(['apply', '--quiet'], { cwd: dir });
    expect(run.stderr).not.toContain('MaxListenersExceededWarning');
    expect(run.stderr).not.toContain('(node:');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
  });
});

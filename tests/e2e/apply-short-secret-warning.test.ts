/**
 * A `${env.X}` header value of 1–3 characters is sent but never masked (masking `ab` everywhere
 * would corrupt ordinary text): apply says so once, naming the variable and where it is used,
 * never its value. Longer values get no warning.
 */
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const counting = useCountingAgent();

describe('evalc apply: a short secret', () => {
  it('is named in one warning, without its value', async () => {
    const dir = counting.workspace('short-secret');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    writePlan(dir, {
      agentUrl: counting.agent.url,
      headers: { 'x-tenant': '${env.TENANT}', authorization: 'Bearer ${env.TOKEN}' },
    });
    const run = await runCli(['apply', 'evalc.yaml'], {
      cwd: dir,
      env: { TENANT: 'q7z', TOKEN: 'long-enough-token' },
    });
    expect(run.code).toBe(0);
    const warnings = run.stderr.split('\n').filter((l) => l.includes('warning'));
    expect(warnings).toEqual([
      'evalc: warning: ${env.TENANT} (agents.a1.headers) is shorter than 4 characters: it is sent, but not masked in outputs',
    ]);
    expect(run.stderr).not.toContain('q7z');
  });
});

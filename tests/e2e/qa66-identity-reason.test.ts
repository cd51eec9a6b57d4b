/**
 * QA66: a RAIP agent whose `/info` reports a new version re-invokes that agent only, and the plan's
 * row said only "because agent identity changed" (the version was in a stderr note, which CI logs
 * and `--json` consumers reading `rows` may not show). The row names the version change; apply
 * calls exactly the examples the row counts.
 */
import { describe, expect, it } from 'vitest';
import type { CountingAgentOptions } from '../fixtures/apply-counting-agent.mjs';
import { appliedWorkspace, runCli, useCountingAgent } from './apply-harness.js';

const options: CountingAgentOptions = {};
const ctx = useCountingAgent(options);

describe('plan names what discovery found changed (QA66)', () => {
  it('a new /info version reads "agent identity changed (version 1.0.0 → 2.0.0)"', async () => {
    const { dir } = await appliedWorkspace(ctx, 'qa66-identity-reason', {
      agentUrl: ctx.agent.url,
      run: { repeats: 2 },
    });

    options.version = '2.0.0';
    const planned = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stdout).toMatch(
      /~ invoke +counting\/t1\[a1\] +6 runs +because agent identity changed \(version 1\.0\.0 → 2\.0\.0\)/,
    );
    ctx.agent.reset();
    const applied = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(applied.code, applied.stderr).toBe(0);
    expect(ctx.agent.stats().invokes).toBe(6);
    delete options.version;
  });
});

/**
 * QA129 (review of 53f2056): `plan` quotes a `benchmark.version` edit cut at 80 characters; the cut
 * was by UTF-16 unit, so an emoji where it fell was split: `plan` printed U+FFFD, `plan --json` a
 * lone `\ud83d` and `apply --locked` U+FFFD in its refusal. The cut keeps whole code points.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('a benchmark.version cut in a plan reason', () => {
  it('keeps an emoji at the cut whole or leaves it out', async () => {
    const dir = ctx.workspace('qa129-plan-edit-cut');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const planFile = writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const invokes = ctx.agent.stats().invokes;
    const version = `${'v'.repeat(78)}\u{1F511}tail`;
    writeFileSync(
      planFile,
      readFileSync(planFile, 'utf8').replace('"version": "1.0.0"', `"version": ${JSON.stringify(version)}`),
    );
    const plan = await runCli(['plan', 'evalc.yaml'], { cwd: dir });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain(`benchmark.version 1.0.0 → ${'v'.repeat(78)}…)`);
    expect(plan.stdout).not.toContain('\uFFFD');
    const json = await runCli(['plan', 'evalc.yaml', '--json'], { cwd: dir });
    expect(json.stdout).not.toMatch(/\\ud83d/i);
    expect(json.stdout).toContain(`benchmark.version 1.0.0 → ${'v'.repeat(78)}…`);
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain(`benchmark.version 1.0.0 → ${'v'.repeat(78)}…\n`);
    expect(locked.stderr).not.toContain('\uFFFD');
    expect(ctx.agent.stats().invokes).toBe(invokes);
  });
});

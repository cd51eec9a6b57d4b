/**
 * `apply --locked` over a plan whose agent is new to evalc.lock lists the group once, `t1/d1[a2]:
 * new agent`: every step of a new group has that one reason, and the refusal read it for the invoke,
 * again for the extract, then once per metric. A group whose steps have reasons of their own still
 * lists each.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('apply --locked lists a new group once', () => {
  it('an agent renamed reads one line for its group', async () => {
    const dir = ctx.workspace('locked-new-agent-once');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const planFile = writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const invokes = ctx.agent.stats().invokes;
    writeFileSync(planFile, readFileSync(planFile, 'utf8').replace('"a1": {', '"a2": {'));
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain(
      'the plan changed since evalc.lock was written:\n    t1/d1[a2]: new agent\n',
    );
    expect(locked.stderr.match(/new agent/g)).toHaveLength(1);
    expect(ctx.agent.stats().invokes).toBe(invokes);
  });

  it('an input template edited still names its invoke apart from its metrics', async () => {
    const dir = ctx.workspace('locked-input-edit-lines');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const planFile = writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    writeFileSync(planFile, readFileSync(planFile, 'utf8').replace('"q": "{{q}}"', '"q": "Q: {{q}}"'));
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    const lines = locked.stderr.split('\n').filter((line) => line.startsWith('    t1/d1[a1]'));
    expect(lines.length).toBeGreaterThan(0);
    expect(new Set(lines).size).toBe(lines.length);
  });
});

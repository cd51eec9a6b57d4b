/**
 * QA129 (review of 53f2056): `plan` quotes a dataset file moved with the same content on one line
 * (a line feed as `\n`), but `apply --locked`'s refusal printed the new file name as written: a
 * name holding a line feed printed a line of its own in the refusal (`  + invoke FAKE`). It is
 * quoted as `plan` quotes it.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('apply --locked after a dataset file moved to a name with a line feed', () => {
  it('quotes the name on one line', async () => {
    const dir = ctx.workspace('qa129-locked-moved');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const planFile = writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const invokes = ctx.agent.stats().invokes;
    const moved = 'd1\n  + invoke FAKE.jsonl';
    renameSync(path.join(dir, 'd1.jsonl'), path.join(dir, moved));
    writeFileSync(planFile, readFileSync(planFile, 'utf8').replace('"d1.jsonl"', JSON.stringify(moved)));
    const locked = await runCli(['apply', 'evalc.yaml', '--locked'], { cwd: dir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('t1/d1: source d1.jsonl → d1\\n  + invoke FAKE.jsonl (same content)\n');
    expect(locked.stderr).not.toMatch(/^ {2}\+ invoke FAKE/m);
    expect(ctx.agent.stats().invokes).toBe(invokes);
  });
});

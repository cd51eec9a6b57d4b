/**
 * An up-to-date apply adds nothing to the cache: the agent's input schema (content-addressed by
 * its digest) is stored once, not appended again by every apply that asks /info.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const counting = useCountingAgent();

describe('evalc apply: up to date', () => {
  it('leaves the cache log byte-identical', async () => {
    const dir = counting.workspace('up-to-date-log');
    writeDataset(dir, 'd1.jsonl', countingExamples(4));
    writePlan(dir, { agentUrl: counting.agent.url });
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const log = path.join(dir, '.evalc/cache/steps.log');
    const before = readFileSync(log);
    const again = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('up to date');
    expect(readFileSync(log).equals(before)).toBe(true);
    // …and a --refresh run re-asks the agent but stores the same schema entry only once.
    expect((await runCli(['apply', 'evalc.yaml', '--refresh', '--quiet'], { cwd: dir })).code).toBe(0);
    const schemaLines = readFileSync(log, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('schema:'));
    expect(schemaLines).toHaveLength(1);
  });
});

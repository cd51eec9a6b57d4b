/**
 * QA139: a pull request that renames an agent (`a1:` → `b1:`, same protocol, URL and settings)
 * showed `a1: agent removed` and `b1: agent added` as two unrelated lines, while a renamed dataset
 * (QA90) and a renamed metric (QA115) are named as likely renames: the examples of the two pair under
 * neither name, so the diff compares none of them. The lock's identity digest tells such a pair.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('evalc diff of an agent renamed in the plan (QA139)', () => {
  it('names the removed and the added agent with one identity as a likely rename', async () => {
    const dir = ctx.workspace('diff-agent-rename');
    writeDataset(dir, 'd1.jsonl', countingExamples(3, 'n'));
    const file = writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));
    writeFileSync(file, readFileSync(file, 'utf8').replace('"a1":', '"b1":'));
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);

    const text = await runCli(['diff', 'main.lock', 'evalc.lock'], { cwd: dir });
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /a1: agent removed \(was raip\); b1 has the same identity \(digest [0-9a-f]{12}…\): renamed\?/,
    );
    expect(text.stdout).toMatch(
      /b1: agent added \(raip\); a1 has the same identity \(digest [0-9a-f]{12}…\): renamed\?/,
    );
  });
});

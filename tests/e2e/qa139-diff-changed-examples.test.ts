/**
 * QA139: a pull request that edits one row of a dataset (its question, or its expected answer)
 * showed `t1/d1: sha256 changed` and nothing of which row: new and gone rows are named, an edited
 * one was not, and when its outcome did not flip a reviewer could not find it. The diff names the
 * examples present in both runs whose invoke key (input) or score key (expected, …) changed while
 * the agent, its binding and the metric did not.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('evalc diff of a dataset with edited rows (QA139)', () => {
  it('names the examples whose input or expected value changed, and no other', async () => {
    const dir = ctx.workspace('diff-changed-examples');
    const examples = countingExamples(4, 'n');
    writeDataset(dir, 'd1.jsonl', examples);
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));

    // n1's question and n2's expected codes change (n2 keeps failing no more than before: list order).
    const edited = examples.map((e) =>
      e.id === 'n1'
        ? { ...e, vars: { q: 'n1 again' } }
        : e.id === 'n2'
          ? { ...e, expected: { codes: ['X', 'Y'] } }
          : e,
    );
    writeDataset(dir, 'd1.jsonl', edited);
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);

    const text = await runCli(['diff', 'main.lock', 'evalc.lock'], { cwd: dir });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Changed examples (2): t1/d1/n1, t1/d1/n2');
    const md = await runCli(['diff', 'main.lock', 'evalc.lock', '--format', 'md'], { cwd: dir });
    expect(md.stdout).toContain('**Changed examples (2):** `t1/d1/n1`, `t1/d1/n2`');
    const json = await runCli(['diff', 'main.lock', 'evalc.lock', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(json.stdout).examples.changed).toEqual(['t1/d1/n1', 't1/d1/n2']);

    // The same lock against itself: nothing changed, nothing named.
    const same = await runCli(['diff', 'main.lock', 'main.lock', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(same.stdout).examples.changed).toBeUndefined();
  });
});

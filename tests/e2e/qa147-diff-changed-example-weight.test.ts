/**
 * Regression (QA147, review of 5fdb39f/QA139): an example whose `weight` was edited in the pull
 * request is named under "Changed examples". Its weight is in no step key, so the keys 5fdb39f
 * compares stayed alike: a row re-weighted 1 → 3 moved every aggregate while the diff named only
 * its dataset's `sha256 changed`. Each run's row records the weight. A row that writes out the
 * weight it had (`weight: 1`) is not named. Real binary, loopback counting agent.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingExamples, runCli, useCountingAgent, writeDataset, writePlan } from './apply-harness.js';

const ctx = useCountingAgent();

describe('evalc diff names an example whose weight changed (QA147)', () => {
  it('n1 weight 1 → 3 is a changed example; n2 written as weight: 1 is not', async () => {
    const dir = ctx.workspace('diff-changed-weight');
    const examples = countingExamples(4, 'n');
    writeDataset(dir, 'd1.jsonl', examples);
    writePlan(dir, { agentUrl: ctx.agent.url });
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    copyFileSync(path.join(dir, 'evalc.lock'), path.join(dir, 'main.lock'));
    const weights: Record<string, number> = { n1: 3, n2: 1 };
    writeFileSync(
      path.join(dir, 'd1.jsonl'),
      `${examples.map((e) => JSON.stringify(e.id in weights ? { ...e, weight: weights[e.id] } : e)).join('\n')}\n`,
    );
    expect((await runCli(['apply', 'evalc.yaml'], { cwd: dir })).code).toBe(0);

    const text = await runCli(['diff', 'main.lock', 'evalc.lock'], { cwd: dir });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('t1/d1: sha256 changed');
    expect(text.stdout).toContain('Changed examples (1): t1/d1/n1');
    const json = await runCli(['diff', 'main.lock', 'evalc.lock', '--format', 'json'], { cwd: dir });
    expect((JSON.parse(json.stdout) as { examples: { changed?: string[] } }).examples.changed).toEqual([
      't1/d1/n1',
    ]);
  });
});

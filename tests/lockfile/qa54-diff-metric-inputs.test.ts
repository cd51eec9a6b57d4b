import { afterEach, describe, expect, it } from 'vitest';
import { diffLocks } from '../../src/lockfile/diff.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { JUDGE_METRIC, openaiJudgedPlan, openaiWorkspace } from '../protocols/openai-workspace.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const planText = (agentUrl: string, judgeUrl: string): string =>
  openaiJudgedPlan(agentUrl, judgeUrl, {
    id: 'qa54',
    examples: ['{ id: s1, vars: { query: "intro ML" } }', '{ id: s2, vars: { query: "databases" } }'],
    metrics: ['{ type: cost }', JUDGE_METRIC],
    top: 'prices: { small-1: { input: 1, output: 2 } }\n',
  });

const setUp = () => openaiWorkspace('evalc-qa54-diff-inputs-', planText, cleanups);

describe('diff names a metric whose inputs changed beyond its config (QA54)', () => {
  it('says the prices changed and that the runs are not strictly comparable', async () => {
    const { apply, edit } = await setUp();
    const before = await apply();
    edit('input: 1, output: 2', 'input: 10, output: 2');
    const after = await apply();
    const diff = diffLocks(before, after);
    const metric = diff.comparability.filter((c) => c.kind.startsWith('metric_'));
    expect(metric.map((c) => `${c.severity} ${c.kind} ${c.subject}`)).toEqual([
      'warning metric_inputs t1/cost',
    ]);
    expect(metric[0]?.message).toMatch(
      /^t1\/cost: prices changed \(prices:\); digest [0-9a-f]{12}… → [0-9a-f]{12}…$/,
    );
    expect(diff.comparable).toBe(false);
    expect(renderTextDiff(diff)).toContain('t1/cost: prices changed (prices:)');
  });

  it('says nothing more of a judge metric whose judge is listed as changed', async () => {
    const { apply, edit } = await setUp();
    const before = await apply();
    edit('temperature: 0,', 'temperature: 0.7,');
    const after = await apply();
    const kinds = diffLocks(before, after).comparability.map((c) => `${c.kind} ${c.subject}`);
    expect(kinds).toContain('judge_settings oj');
    expect(kinds.filter((k) => k.startsWith('metric_'))).toEqual([]);
  });
});

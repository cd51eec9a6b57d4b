/**
 * QA352: a judge metric's `content:` rewritten so that it renders the same text (`{{ candidate.answer }}`
 * for `{{candidate.answer}}`) re-scores its examples (the metric's config changed, as plan says) but
 * sent every identical request to the judge again: the judge-verdict cache was keyed by the
 * metric's digest, `content:`'s text in it. The request holds the rendered content, so the verdict
 * key now leaves the text out; a content that renders otherwise is still asked again.
 * Real applies against an OpenAI-compatible agent and judge on loopback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { JUDGE_METRIC, openaiJudgedPlan, openaiWorkspace } from '../protocols/openai-workspace.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const planText = (agentUrl: string, judgeUrl: string): string =>
  openaiJudgedPlan(agentUrl, judgeUrl, {
    id: 'qa352-verdict-content',
    examples: ['{ id: a, vars: { query: "intro ML" } }', '{ id: b, vars: { query: "graphs" } }'],
    metrics: [JUDGE_METRIC],
  });

describe('the judge-verdict cache and content: text (QA352)', () => {
  it('asks the judge nothing again for a content: that renders the same requests', async () => {
    const ws = await openaiWorkspace('evalc-qa352-verdict-content-', planText, cleanups);
    const first = await ws.apply();
    expect(ws.judge.requests).toHaveLength(2);
    ws.edit('relevance=0.8 {{candidate.answer}}', 'relevance=0.8 {{ candidate.answer }}');
    const same = await ws.apply();
    expect(ws.judge.requests).toHaveLength(2);
    // Re-scored (the metric's key moved), from the verdicts the judge gave.
    const scoreKey = (lock: typeof first) => lock.results[0]?.metrics.jm?.key;
    expect(scoreKey(same)).not.toBe(scoreKey(first));
    expect(same.results.map((r) => r.metrics.jm?.score)).toEqual(
      first.results.map((r) => r.metrics.jm?.score),
    );
    ws.edit('relevance=0.8 {{ candidate.answer }}', 'relevance=0.8 answer: {{ candidate.answer }}');
    await ws.apply();
    expect(ws.judge.requests).toHaveLength(4);
  }, 60_000);
});

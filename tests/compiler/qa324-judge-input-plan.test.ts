/**
 * QA324: a judge score refused for its input's size (QA317) fails again on every apply until the
 * judge's limits.maxInputBytes is raised. `plan` said "because the previous attempt failed
 * (metric_error)" both before and after the limit was raised, and `apply --frozen` said "an apply
 * without --frozen fails it again unless that limit is raised" of a limit already raised. Both now
 * read the sizes the cache's failure note records and compare them with the limit in the plan.
 * Real applies against an OpenAI-compatible agent (it echoes the query) and judge on loopback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { refusalHint } from '../../src/cli/refusal-hint.js';
import { runCommand } from '../cli/run-cli.js';
import { applyInProcess } from '../protocols/apply-in-process.js';
import { JUDGE_METRIC, openaiJudgedPlan, openaiWorkspace } from '../protocols/openai-workspace.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// 300 'é': 300 characters, 600 bytes of UTF-8 (the judge's content adds the echo and "relevance=0.8 ": 620).
const planText = (agentUrl: string, judgeUrl: string): string =>
  openaiJudgedPlan(agentUrl, judgeUrl, {
    id: 'qa324-judge-input-plan',
    examples: [
      '{ id: small, vars: { query: "intro ML" } }',
      `{ id: big, vars: { query: "${'é'.repeat(300)}" } }`,
    ],
    metrics: [JUDGE_METRIC],
    judgeLimits: 'maxInputBytes: 500',
  });

async function scoreReasons(dir: string): Promise<string[]> {
  const planned = await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir });
  const rows = (JSON.parse(planned.stdout) as { rows: { kind: string; reason: string }[] }).rows;
  return rows.filter((r) => r.kind === 'score').map((r) => r.reason);
}

async function frozen(dir: string) {
  const outcome = await applyInProcess(dir, { frozen: true });
  if (outcome.status !== 'refused') throw new Error(`apply --frozen ${outcome.status}`);
  return {
    message: outcome.message,
    hint: refusalHint(outcome.message, outcome.reason, undefined, outcome.lockFailures),
  };
}

describe("plan and --frozen compare a refused judge input with the judge's limit now (QA324)", () => {
  it('says the score fails again while the limit is unchanged, and is judged once it is raised', async () => {
    const { apply, dir, edit, judge } = await openaiWorkspace('evalc-qa324-judge-input-', planText, cleanups);
    const first = await apply();
    expect(first.results.find((r) => r.example === 'big')?.metrics.jm?.error).toBe('metric_error');
    expect(judge.requests).toHaveLength(1);

    // Limit unchanged: apply would fail it again, without a call.
    expect(await scoreReasons(dir)).toEqual([
      'because the previous attempt failed (metric_error): its judge input (620 bytes) is over judges.oj.limits.maxInputBytes (500 bytes), so apply fails it again without asking judge oj',
    ]);
    const refused = await frozen(dir);
    expect(refused.message).toContain('unless that limit is raised');
    expect(refused.hint).toMatch(/^raise the limits\.maxInputBytes/);

    // Raised past the input: plan says it is judged now, and --frozen no longer says "raise it".
    edit('maxInputBytes: 500', 'maxInputBytes: 1000');
    expect(await scoreReasons(dir)).toEqual([
      'because its judge input (620 bytes) was over judges.oj.limits.maxInputBytes (500 bytes), now 1,000 bytes: apply asks judge oj',
    ]);
    const raised = await frozen(dir);
    expect(raised.message).toContain(
      "it failed in the run that wrote evalc.lock (metric_error 1): a judge's failure is never cached, so no cache answers it",
    );
    expect(raised.message).not.toContain('maxInputBytes');
    expect(raised.hint).not.toMatch(/^raise the limits\.maxInputBytes/);

    // Raised but still under the input: refused again, and said so with the limit now.
    edit('maxInputBytes: 1000', 'maxInputBytes: 600');
    expect(await scoreReasons(dir)).toEqual([
      'because the previous attempt failed (metric_error): its judge input (620 bytes) is over judges.oj.limits.maxInputBytes (600 bytes), so apply fails it again without asking judge oj',
    ]);

    edit('maxInputBytes: 600', 'maxInputBytes: 1000');
    await apply();
    expect(judge.requests).toHaveLength(2);
    expect(await scoreReasons(dir)).toEqual([]);
  }, 60_000);
});

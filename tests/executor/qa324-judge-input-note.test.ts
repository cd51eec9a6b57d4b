/**
 * QA324: a judge whose every call was refused for its input's size (QA317) is said to have scored
 * nothing, and stderr said only '(the failing examples in report.md say why)': the refusal is
 * outside the judge's first-failure note (the judge did nothing wrong). It now says why after
 * 'the first:' — the limit and how many calls, no size (they differ by example, and the words must
 * not depend on which call came first) — in stderr and `--json`'s failedJudges. Real applies
 * against an OpenAI-compatible agent and judge on loopback.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { runCommand } from '../cli/run-cli.js';
import { JUDGE_METRIC, openaiJudgedPlan, openaiWorkspace } from '../protocols/openai-workspace.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const planText = (agentUrl: string, judgeUrl: string): string =>
  openaiJudgedPlan(agentUrl, judgeUrl, {
    id: 'qa324-judge-input-note',
    examples: ['{ id: a, vars: { query: "intro ML" } }', '{ id: b, vars: { query: "databases and more" } }'],
    metrics: [JUDGE_METRIC],
    judgeLimits: 'maxInputBytes: 10',
  });

describe('a judge that scored nothing because every input was over its limit (QA324)', () => {
  it('says why on stderr and in --json', async () => {
    const { dir, judge } = await openaiWorkspace('evalc-qa324-judge-note-', planText, cleanups);
    const run = await runCommand(applyCommand, ['evalc.yaml'], { cwd: dir });
    expect(judge.requests).toHaveLength(0);
    expect(run.stderr).toContain(
      "evalc: judge oj scored nothing: all 2 of its scores failed (metric_error 2), so the metrics that use it measured nothing; the first: the judge input was over judge oj's limit of 10 bytes: not sent (2 such calls; raise judges.oj.limits.maxInputBytes to judge them; report.md names each size)\n",
    );
    const json = await runCommand(applyCommand, ['evalc.yaml', '--json'], { cwd: dir });
    const result = JSON.parse(json.stdout.trim().split('\n').at(-1) ?? '{}') as {
      failedJudges?: { judge: string; first?: string }[];
    };
    expect(result.failedJudges?.[0]?.first).toMatch(
      /^the judge input was over judge oj's limit of 10 bytes: not sent \(2 such calls;/,
    );
  }, 60_000);
});

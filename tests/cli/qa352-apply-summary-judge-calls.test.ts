/**
 * QA352: apply's summary counted the agent calls and never the judge calls, so a re-score that sent
 * a (paid) judge 12 requests and one that took every verdict from the cache both read `0 agent
 * calls`, and nothing told them apart (`plan` counts score steps, not judge calls, by choice). It
 * now adds `N judge calls` when it sent any: a verdict the cache held, or an input over the judge's
 * limit that was never sent, is none. Real applies against an OpenAI-compatible agent and judge.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { applyCommand } from '../../src/cli/apply.js';
import { JUDGE_METRIC, openaiJudgedPlan, openaiWorkspace } from '../protocols/openai-workspace.js';
import { runCommand } from './run-cli.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const planText = (agentUrl: string, judgeUrl: string): string =>
  openaiJudgedPlan(agentUrl, judgeUrl, {
    id: 'qa352-judge-calls',
    examples: ['{ id: a, vars: { query: "intro ML" } }', '{ id: b, vars: { query: "graphs" } }'],
    metrics: [JUDGE_METRIC],
  });

const summaryOf = (stdout: string) => stdout.split('\n').find((l) => l.startsWith('Apply complete:'));

describe("apply's summary counts the judge calls it sent (QA352)", () => {
  it('says them beside the agent calls, and none for verdicts from the cache', async () => {
    const { dir, judge, edit } = await openaiWorkspace('evalc-qa352-judge-calls-', planText, cleanups);
    const first = await runCommand(applyCommand, ['evalc.yaml'], { cwd: dir });
    expect(judge.requests).toHaveLength(2);
    expect(summaryOf(first.stdout)).toBe(
      'Apply complete: 2 example runs, 2 agent calls, 2 judge calls, 0 errors; no gates.',
    );
    // The rubric changed: each score is judged again, no agent is called.
    edit('description: "On topic"', 'description: "On the topic asked"');
    const json = await runCommand(applyCommand, ['evalc.yaml', '--json'], { cwd: dir });
    expect(judge.requests).toHaveLength(4);
    const result = JSON.parse(json.stdout.trim().split('\n').at(-1) ?? '{}') as {
      invoked?: number;
      judged?: number;
    };
    expect([result.invoked, result.judged]).toEqual([0, 2]);
    // Back to the first rubric: its verdicts are in the cache, no judge is asked.
    edit('description: "On the topic asked"', 'description: "On topic"');
    const cached = await runCommand(applyCommand, ['evalc.yaml'], { cwd: dir });
    expect(judge.requests).toHaveLength(4);
    expect(summaryOf(cached.stdout)).toBe(
      'Apply complete: 2 example runs, 0 agent calls, 0 errors; no gates.',
    );
  }, 60_000);
});

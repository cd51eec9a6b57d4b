import { afterEach, describe, expect, it } from 'vitest';
import { planCommand } from '../../src/cli/plan.js';
import { diffLocks } from '../../src/lockfile/diff.js';
import type { Lockfile } from '../../src/lockfile/types.js';
import { renderTextDiff } from '../../src/reports/text-diff.js';
import { runCommand } from '../cli/run-cli.js';
import { JUDGE_METRIC, openaiJudgedPlan, openaiWorkspace } from '../protocols/openai-workspace.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const planText = (agentUrl: string, judgeUrl: string): string =>
  openaiJudgedPlan(agentUrl, judgeUrl, {
    id: 'qa47',
    examples: ['{ id: s1, vars: { query: "intro ML" } }', '{ id: s2, vars: { query: "databases" } }'],
    metrics: [JUDGE_METRIC],
  });

const setUp = () => openaiWorkspace('evalc-qa47-diff-settings-', planText, cleanups);

describe('diff lists the agent and judge settings that changed (QA47)', () => {
  it("pins an openai agent's model and names its change", async () => {
    const { dir, apply, edit } = await setUp();
    const before = await apply();
    expect(before.agents.o1?.settings).toEqual({ model: 'small-1' });
    edit('model: small-1', 'model: small-2');
    // plan --json lists the agent's fetch step (graph's `fetch/agent/o1`) as changed.
    const planned = await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir });
    const steps = (JSON.parse(planned.stdout) as { steps: { id: string; status: string; reason?: string }[] })
      .steps;
    expect(steps.find((s) => s.id === 'fetch/agent/o1')).toMatchObject({
      status: 'changed',
      reason: 'because agent identity changed (its settings, version or schema digest)',
    });
    const after = await apply();
    const diff = diffLocks(before, after);
    expect(
      diff.comparability.map((c) => `${c.severity} ${c.kind} ${c.subject} ${c.old} → ${c.new}`),
    ).toContain('info agent_settings o1 small-1 → small-2');
    expect(renderTextDiff(diff)).toContain('o1: model changed small-1 → small-2');
  });

  it('says a judge setting the lock has no field for (temperature) changed, and plan does not blame the rubric', async () => {
    const { dir, apply, edit } = await setUp();
    const before = await apply();
    edit('temperature: 0,', 'temperature: 0.7,');
    const result = await runCommand(planCommand, ['evalc.yaml', '--json'], { cwd: dir });
    const rows = (JSON.parse(result.stdout) as { rows: { kind: string; target: string; reason: string }[] })
      .rows;
    expect(rows.filter((r) => r.kind === 'score').map((r) => r.reason)).toEqual([
      "because judge oj's settings changed (judges.oj: not its endpoint, model or rubric; e.g. temperature)",
    ]);
    const after = await apply();
    const diff = diffLocks(before, after);
    const judge = diff.comparability.filter((c) => c.subject === 'oj');
    expect(judge.map((c) => `${c.severity} ${c.kind}`)).toEqual(['warning judge_settings']);
    expect(judge[0]?.message).toMatch(
      /^oj: settings changed \(a setting of judges\.oj the lock does not list/,
    );
    expect(diff.comparable).toBe(false);
  });

  it('names a changed judge endpoint, and only that (no settings line beside it)', async () => {
    const { apply } = await setUp();
    const before = await apply();
    const after: Lockfile = structuredClone(before);
    const oj = after.judges.oj;
    if (!oj) throw new Error('no judge in the lock');
    after.judges.oj = { ...oj, endpoint: 'http://127.0.0.1:1/v1', digest: 'f'.repeat(64) };
    const judge = diffLocks(before, after).comparability.filter((c) => c.subject === 'oj');
    expect(judge.map((c) => `${c.severity} ${c.kind}`)).toEqual(['warning judge_endpoint']);
  });
});

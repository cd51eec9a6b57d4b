/**
 * QA79, on 7c379dd (an --only lock keeps the agents and judges its groups use): a judge of the
 * selected task whose pin changed between the whole lock and the --only run must still be named
 * by `evalc diff evalc.lock .evalc/evalc.only.lock`, and a judge only the other task uses must not
 * read as removed.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAgentEvalServer, startAgentEvalServer } from '../fixtures/agent-eval-server.js';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const ctx = useCountingAgent({});
let judge: FakeAgentEvalServer;
beforeAll(async () => {
  judge = await startAgentEvalServer({});
});
afterAll(async () => {
  await judge.close();
});

describe('diff of a whole lock and an --only lock, with judges', () => {
  it("names the selected task's changed judge, and no judge the selection does not use", async () => {
    const dir = ctx.workspace('qa79-only-judge');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const task = (judgeId: string) => ({
      bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
      datasets: { d1: { source: 'd1.jsonl' } },
      metrics: [{ type: 'judge', judge: judgeId, content: '{{candidate.answer}}' }],
    });
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa79-only-judge', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
      judges: {
        j1: { protocol: 'agent-eval', url: judge.url, rubric: 'anti-slop' },
        j2: { protocol: 'agent-eval', url: `${judge.url}/`, rubric: 'anti-slop' },
      },
      tasks: { t1: task('j1'), t2: task('j2') },
      run: { repeats: 1, seed: 7, bootstrap: 100 },
    };
    const env = { EVALC_CACHE_DIR: '' };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const whole = await runCli(['apply', '--quiet'], { cwd: dir, env });
    expect(whole.code, whole.stderr).toBe(0);
    plan.judges.j2.url = `${judge.url}/?v=2`;
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const only = await runCli(['apply', '--only', 't2', '--quiet'], { cwd: dir, env });
    expect(only.code, only.stderr).toBe(0);
    const diffed = await runCli(['diff', 'evalc.lock', '.evalc/evalc.only.lock'], { cwd: dir, env });
    expect(diffed.stdout).toMatch(/j2: endpoint changed/);
    expect(diffed.stdout).not.toContain('j1');
    expect(diffed.stdout).not.toContain('removed');
  });
});

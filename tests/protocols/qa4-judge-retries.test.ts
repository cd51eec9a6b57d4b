/**
 * agent-eval A9 ("500 judge_error: mark the score as a judge failure; retry policy configurable,
 * default 1 retry") from a plan: the judge's `limits.retries` bounds the judge_error retries,
 * against a judge server written from the seed wire protocol (tests/fixtures/qa4-agent-eval-seed-judge.mjs),
 * through the client and through the real CLI. The OpenAI-compatible judge follows the same rule
 * for malformed verdicts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { JudgeConfig } from '../../src/plan/schema.js';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { createOpenaiJudge } from '../../src/protocols/openai-judge/openai-judge.js';
import { assertBuilt, runCli, tempWorkspace } from '../e2e/apply-harness.js';
import { startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { startQa4SeedJudge } from '../fixtures/qa4-agent-eval-seed-judge.mjs';
import { startQa4RaipAgent } from '../fixtures/qa4-raip-seed-agent.mjs';
import { writeJudgePlan } from './qa4-judge-plan.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
const signal = () => AbortSignal.timeout(20_000);
const antiSlop = { content: 'We just shipped zero-copy IO between sandboxes', rubric: { name: 'anti-slop' } };

async function agentEvalJudge(judgeErrors: number, limits?: JudgeConfig['limits']) {
  const server = await startQa4SeedJudge({ judgeErrors });
  const judge = createAgentEvalJudge(
    { protocol: 'agent-eval', url: server.url, ...(limits ? { limits } : {}) },
    { cwd: process.cwd(), rubrics: {} },
  );
  cleanups.push(
    () => server.close(),
    () => judge.close(),
  );
  return { server, judge };
}

describe('judge_error retries follow the judge limits.retries (A9)', () => {
  it('without limits: one retry, then the seed composite 0.5·0.85 + 0.3·0.7 + 0.2·0.8 = 0.795', async () => {
    const { server, judge } = await agentEvalJudge(1);
    const judged = await judge.judge(antiSlop, signal());
    expect(server.judgeBodies).toHaveLength(2);
    if (!judged.ok) throw new Error(judged.error.message);
    expect(judged.verdict.score).toBeCloseTo(0.795, 12);
  });

  it('limits.retries: 0 asks once and reports judge_error', async () => {
    const { server, judge } = await agentEvalJudge(5, { retries: 0 });
    const judged = await judge.judge(antiSlop, signal());
    expect(judged).toMatchObject({ ok: false, error: { kind: 'judge_error' } });
    expect(server.judgeBodies).toHaveLength(1);
  });

  it('limits.retries: 2 asks up to three times', async () => {
    const failing = await agentEvalJudge(5, { retries: 2 });
    expect((await failing.judge.judge(antiSlop, signal())).ok).toBe(false);
    expect(failing.server.judgeBodies).toHaveLength(3);
    const recovering = await agentEvalJudge(2, { retries: 2 });
    expect((await recovering.judge.judge(antiSlop, signal())).ok).toBe(true);
    expect(recovering.server.judgeBodies).toHaveLength(3);
  });

  it('the OpenAI-compatible judge asks once for a malformed verdict with limits.retries: 0', async () => {
    const server = await startOpenaiJudgeServer({ malformedTimes: 5 });
    const judge = createOpenaiJudge(
      { protocol: 'openai', url: server.url, model: 'm', limits: { retries: 0 } },
      { cwd: '.', rubrics: {} },
    );
    cleanups.push(
      () => server.close(),
      () => judge.close(),
    );
    const judged = await judge.judge({ content: 'x', rubric: { name: 'generic' } }, signal());
    expect(judged).toMatchObject({ ok: false, error: { kind: 'judge_error' } });
    expect(server.requests).toHaveLength(1);
  });

  it('through evalc apply: a plan judge with limits.retries: 0 is asked once per example', async () => {
    assertBuilt();
    const agent = await startQa4RaipAgent();
    const server = await startQa4SeedJudge({ judgeErrors: 100 });
    const { dir, cleanup } = tempWorkspace('qa4-judge');
    cleanups.push(
      () => agent.close(),
      () => server.close(),
      cleanup,
    );
    writeJudgePlan(dir, 'qa4-judge', agent.url, {
      url: server.url,
      rubric: 'anti-slop',
      limits: { retries: 0 },
    });
    await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir, timeoutMs: 30_000 });
    expect(server.judgeBodies.map((b) => b.content)).toEqual(['A:x1', 'A:x2']);
    const report = JSON.parse(readFileSync(path.join(dir, '.evalc/reports/report.json'), 'utf8')) as {
      examples: Array<{ metrics: Array<{ id: string; error?: string }> }>;
    };
    for (const example of report.examples) {
      expect(example.metrics.find((m) => m.id === 'judge')?.error).toBe('judge_error');
    }
  });
});

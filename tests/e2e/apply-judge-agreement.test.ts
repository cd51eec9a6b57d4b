/**
 * A set metric's score and its own measurement both reach the lock: judge_agreement's score is
 * max(0, r), so an anti-correlated judge scores 0 — the signed correlation is the aggregate's
 * `value`. Judge scores come from a loopback OpenAI-compatible judge (the content `overall=<s>`
 * sets the score); human labels are 1 − s, so Pearson r = −1 exactly.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenaiJudge, startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { readLock, runCli, useCountingAgent } from './apply-harness.js';

const ctx = useCountingAgent();
let judge: FakeOpenaiJudge;
beforeAll(async () => {
  judge = await startOpenaiJudgeServer();
});
afterAll(async () => {
  await judge.close();
});

describe('judge_agreement in the lock', () => {
  it('keeps the signed correlation as the aggregate value beside the clamped score', async () => {
    const dir = ctx.workspace('agreement');
    const judged = [0.2, 0.5, 0.75];
    writeFileSync(
      path.join(dir, 'd1.jsonl'),
      judged
        .map((s, i) => JSON.stringify({ id: `e${i}`, vars: { q: `e${i}`, s }, human_score: 1 - s }))
        .join('\n')
        .concat('\n'),
    );
    const plan = {
      evalc: 1,
      benchmark: { id: 'agreement', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
      judges: { j: { protocol: 'openai', url: judge.url, model: 'm', rubric: 'r' } },
      rubrics: { r: { dimensions: [{ id: 'overall', description: 'overall quality', weight: 1 }] } },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [
            { type: 'judge', judge: 'j', content: 'overall={{vars.s}}' },
            { type: 'judge_agreement', metric: 'judge' },
          ],
        },
      },
      run: { seed: 7, bootstrap: 100 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
    const apply = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir });
    expect(apply.stderr).toBe('');
    expect(apply.code).toBe(0);
    const lock = JSON.parse(readLock(dir)) as {
      results: { example: string; metrics: { judge: { score: number } } }[];
      aggregates: Record<string, Record<string, Record<string, { mean: number; value?: { mean: number } }>>>;
    };
    expect(lock.results.map((r) => r.metrics.judge.score)).toEqual(judged);
    const agreement = lock.aggregates['dataset/t1/d1']?.a1?.judge_agreement;
    expect(agreement?.mean).toBe(0);
    expect(agreement?.value?.mean).toBeCloseTo(-1, 12);
    const report = JSON.parse(readFileSync(path.join(dir, '.evalc', 'reports', 'report.json'), 'utf8')) as {
      scores: { scope: string; metric: string; value?: { mean: number } }[];
    };
    const cell = report.scores.find((c) => c.scope === 'dataset/t1/d1' && c.metric === 'judge_agreement');
    expect(cell?.value?.mean).toBeCloseTo(-1, 12);
  });

  it('pins nothing for an openai judge on a built-in rubric: a re-apply, plan and --frozen all find it up to date', async () => {
    const dir = ctx.workspace('openai-builtin');
    writeFileSync(path.join(dir, 'd1.jsonl'), `${JSON.stringify({ id: 'e0', vars: { q: 'e0', s: 0.7 } })}\n`);
    const plan = {
      evalc: 1,
      benchmark: { id: 'builtin', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
      judges: { llm: { protocol: 'openai', url: judge.url, model: 'm', rubric: 'generic' } },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [{ type: 'judge', judge: 'llm', content: '{{candidate.answer}}' }],
        },
      },
      run: { seed: 7, bootstrap: 100 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    const lock = readLock(dir);
    const calls = judge.requests.length;
    expect((await runCli(['plan', 'evalc.yaml'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['apply', 'evalc.yaml', '--frozen', '--quiet'], { cwd: dir })).code).toBe(0);
    expect(judge.requests.length).toBe(calls);
    expect(readLock(dir)).toBe(lock);
  });
});

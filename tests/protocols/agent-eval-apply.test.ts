/**
 * agent-eval cases whose "evalc must" reaches past the judge client (shared/protocols/
 * agent-eval.md 3.7): A1 locks the server's version and wireVersion, A11 pins the inline
 * rubric's locally computed rubricVersion, A2 refuses an incompatible server before any agent
 * is invoked — `applyRun` in process against the fake agent-eval server and the RAIP fixture.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RubricConfig } from '../../src/plan/schema.js';
import { computeRubricVersion } from '../../src/protocols/rubrics/rubric-version.js';
import { toWireRubric } from '../../src/protocols/rubrics/wire-rubric.js';
import { type FakeAgentEvalServerOptions, startAgentEvalServer } from '../fixtures/agent-eval-server.js';
import { type RaipAgent, startRaipAgent } from '../fixtures/raip-agent.js';
import { applyInProcess } from './apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const COURSE_ADVICE: RubricConfig = {
  dimensions: [
    { id: 'relevance', description: 'Answers the question asked', weight: 0.5 },
    { id: 'accuracy', description: 'Course facts are correct', weight: 0.3 },
  ],
  failureModes: ['invented-course'],
};

async function workspace(
  server: FakeAgentEvalServerOptions = {},
): Promise<{ dir: string; agent: RaipAgent; judgePosts: () => number }> {
  const agent = await startRaipAgent();
  const judge = await startAgentEvalServer(server);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-agent-eval-apply-'));
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => agent.close(),
    () => judge.close(),
  );
  writeFileSync(
    path.join(dir, 'd1.jsonl'),
    `${JSON.stringify({ id: 's1', vars: { query: 'intro ML' } })}\n${JSON.stringify({ id: 's2', vars: { query: 'databases' } })}\n`,
  );
  const plan = {
    evalc: 1,
    benchmark: { id: 'agent-eval-cases', version: '1.0.0' },
    agents: { a1: { protocol: 'raip', url: agent.url, limits: { timeout: '2s', retries: 0 } } },
    judges: { strict: { protocol: 'agent-eval', url: judge.url, rubric: 'course-advice' } },
    rubrics: { 'course-advice': COURSE_ADVICE },
    tasks: {
      t1: {
        bindings: { default: { input: { query: '{{query}}' }, output: { answer: 'output.answer' } } },
        datasets: { d1: { source: 'd1.jsonl' } },
        metrics: [
          { type: 'judge', judge: 'strict', content: 'relevance=1 accuracy=0.5 {{candidate.answer}}' },
        ],
      },
    },
    run: { repeats: 1, seed: 7, preflight: 0, bootstrap: 100 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
  const judgePosts = () => judge.requests.filter((r) => r.path === '/v1/judge').length;
  return { dir, agent, judgePosts };
}

const apply = applyInProcess;

describe('agent-eval cases around the judge client (apply in process)', () => {
  it('A1/A11: the lockfile pins version, wireVersion and the locally computed rubricVersion', async () => {
    const { dir, judgePosts } = await workspace({ version: '0.170.0' });
    const outcome = await apply(dir);
    if (outcome.status !== 'done') throw new Error(`apply ${outcome.status}: ${JSON.stringify(outcome)}`);
    expect(judgePosts()).toBe(2);
    const local = computeRubricVersion(toWireRubric('course-advice', COURSE_ADVICE));
    expect(local).toMatch(/^course-advice@sha256-rfc8785:[0-9a-f]{64}$/);
    expect(outcome.lock.judges.strict).toMatchObject({
      protocol: 'agent-eval',
      // The plan names no model: the one the server reported using is pinned (DESIGN §5).
      model: 'fake-judge-1',
      rubric: 'course-advice',
      version: '0.170.0',
      wireVersion: '1.1.0',
      rubricVersion: local,
    });
    const s1 = outcome.lock.results.find((r) => r.example === 's1');
    expect(s1?.metrics.judge?.score).toBeCloseTo((0.5 * 1 + 0.3 * 0.5) / 0.8, 9);
  });

  it('A2: a wire 2.x server stops apply before any agent invoke or judge call', async () => {
    const { dir, agent, judgePosts } = await workspace({ wireVersion: '2.0.0' });
    const outcome = await apply(dir);
    expect(outcome.status).toBe('refused');
    if (outcome.status === 'refused') expect(outcome.message).toMatch(/judge strict is not usable/);
    expect(agent.invokeCount()).toBe(0);
    expect(judgePosts()).toBe(0);
  });

  it('a judge that keeps failing leaves judge_error on each metric row, in the counts, the run log and the reports; the next apply retries it', async () => {
    const { dir, agent, judgePosts } = await workspace({ judgeErrorTimes: 1000 });
    const first = await apply(dir);
    expect(first.status).toBe('done');
    if (first.status !== 'done') return;
    expect(first.summary.errorKinds).toEqual({ judge_error: 2 });
    expect(first.lock.steps?.complete).toBe(false);
    for (const row of first.lock.results) {
      expect(row.errors).toBeUndefined(); // the invokes succeeded
      expect(row.metrics.judge).toMatchObject({ error: 'judge_error', errors: 1, score: null });
    }
    const log = readFileSync(path.join(dir, '.evalc', 'logs', 'run.log'), 'utf8');
    expect(log).toMatch(/s1#0: judge: judge_error: /);
    const md = readFileSync(path.join(dir, '.evalc', 'reports', 'report.md'), 'utf8');
    expect(md).toContain('`judge` (error judge\\_error)');
    const junit = readFileSync(path.join(dir, '.evalc', 'reports', 'junit.xml'), 'utf8');
    // QA62: the <error> says what the judge said, as report.md does (it was `judge: judge_error` alone).
    expect(junit).toMatch(
      /<error message="judge: judge_error: POST http:\/\/127\.0\.0\.1:\d+\/v1\/judge: the judge model returned malformed output[^"]*" type="judge_error">/,
    );
    const posts = judgePosts();
    const second = await apply(dir);
    expect(second.status).toBe('done');
    if (second.status === 'done') expect(second.summary.upToDate).toBeUndefined();
    expect(agent.invokeCount()).toBe(2); // the invokes came from the cache
    expect(judgePosts()).toBeGreaterThan(posts); // the failed judge calls were asked again
  });
});

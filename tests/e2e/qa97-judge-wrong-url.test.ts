/**
 * QA97: agent-eval A13 — an unknown path answers Hono's plain-text 404, which evalc maps to
 * `endpoint_not_found` (README's error table: "a judge URL answering 404 (a wrong URL, or not this
 * protocol)"). A judge `url` with a wrong path fails its `GET /v1/version` that way at the start of
 * apply, and its metrics recorded `judge_error` ("a judge down at the start") instead. Real CLI,
 * the fake agent-eval server (plain-text 404 for unknown paths) and the counting RAIP agent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type FakeAgentEvalServer, startAgentEvalServer } from '../fixtures/agent-eval-server.js';
import { countingExamples, runCli, useCountingAgent, writeDataset } from './apply-harness.js';

const ctx = useCountingAgent();
let judge: FakeAgentEvalServer | undefined;
afterAll(async () => {
  await judge?.close();
});

type Row = { metrics: Record<string, { score: number | null; error?: string }> };

describe('an agent-eval judge url with a wrong path', () => {
  it('records endpoint_not_found (A13), not judge_error, and says so', async () => {
    judge = await startAgentEvalServer({});
    const dir = ctx.workspace('qa97-judge-wrong-url');
    writeDataset(dir, 'd1.jsonl', countingExamples(2));
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa97-wrong-url', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: ctx.agent.url } },
      judges: { strict: { protocol: 'agent-eval', url: `${judge.url}/api`, rubric: 'anti-slop' } },
      tasks: {
        t1: {
          bindings: { default: { input: { q: '{{q}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [
            { type: 'judge', judge: 'strict', content: '{{candidate.answer}}' },
            { type: 'contains', candidate: 'answer', value: 'e' },
          ],
        },
      },
      run: { repeats: 1, seed: 7, concurrency: 1 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir });
    expect(run.code, run.stderr).toBe(1);
    expect(judge.requests.map((r) => r.path)).toContain('/api/v1/version');
    expect(run.stderr).toContain('no such endpoint (404 without an agent-eval error body)');
    expect(run.stderr).toContain('the run goes on: its metrics record endpoint_not_found');
    const rows = (JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as { results: Row[] })
      .results;
    expect(rows.map((r) => [r.metrics.judge?.error, r.metrics.contains?.score])).toEqual([
      ['endpoint_not_found', 1],
      ['endpoint_not_found', 1],
    ]);
  }, 60_000);
});

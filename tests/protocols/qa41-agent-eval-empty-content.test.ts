/**
 * QA41: an agent that answers "" leaves a judge nothing to judge. agent-eval refuses empty content
 * (400 validation_error, A6), which evalc recorded as that example's `config_error`: the example
 * dropped out of the judge's mean (0.75 for an agent whose second answer was empty, instead of
 * 0.375), and since errors are not cached, `apply` asked the server again every time. Now such an
 * example scores 0 without a call (judge and checklist), and the score is cached.
 * Real loopback agent-eval server and RAIP agent, apply in process.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startAgentEvalServer } from '../fixtures/agent-eval-server.js';
import { startRaipAgent } from '../fixtures/raip-agent.js';
import { applyInProcess } from './apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('agent-eval judge on empty content (QA41)', () => {
  it('scores an empty answer 0 without a judge call, in the mean and the cache', async () => {
    const agent = await startRaipAgent();
    const judge = await startAgentEvalServer();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa41-empty-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
      () => judge.close(),
    );
    writeFileSync(
      path.join(dir, 'd1.jsonl'),
      `${JSON.stringify({ id: 's1', vars: { query: 'intro ML', said: 'relevance=1 accuracy=0.5' } })}\n${JSON.stringify({ id: 's2', vars: { query: 'databases', said: '' } })}\n`,
    );
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa41-empty', version: '1.0.0' },
      agents: { a1: { protocol: 'raip', url: agent.url, limits: { timeout: '2s', retries: 0 } } },
      judges: { strict: { protocol: 'agent-eval', url: judge.url, rubric: 'course-advice' } },
      rubrics: {
        'course-advice': {
          dimensions: [
            { id: 'relevance', description: 'Answers the question asked', weight: 0.5 },
            { id: 'accuracy', description: 'Course facts are correct', weight: 0.3 },
          ],
        },
      },
      tasks: {
        t1: {
          bindings: { default: { input: { query: '{{query}}' }, output: { answer: 'output.answer' } } },
          datasets: { d1: { source: 'd1.jsonl' } },
          metrics: [
            { type: 'judge', judge: 'strict', content: '{{said}}' },
            {
              type: 'checklist',
              judge: 'strict',
              content: '{{said}}',
              items: ['on topic', 'names a course'],
            },
          ],
        },
      },
      run: { repeats: 1, seed: 7, preflight: 0, bootstrap: 100 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), `${JSON.stringify(plan, null, 2)}\n`);
    const judgePosts = () => judge.requests.filter((r) => r.path === '/v1/judge');

    const first = await applyInProcess(dir);
    if (first.status !== 'done') throw new Error(`apply ${first.status}`);
    expect(first.summary.errorKinds ?? {}).toEqual({});
    // Only s1's content went to the server (judge + checklist).
    expect(judgePosts().map((r) => (r.body as { content: string }).content)).toEqual([
      'relevance=1 accuracy=0.5',
      'relevance=1 accuracy=0.5',
    ]);
    const s2 = first.lock.results.find((r) => r.example === 's2');
    expect(s2?.metrics.judge).toMatchObject({ score: 0 });
    expect(s2?.metrics.judge?.error).toBeUndefined();
    expect(s2?.metrics.checklist).toMatchObject({ score: 0, pass: false });
    // s1: (0.5·1 + 0.3·0.5) / 0.8 = 0.8125; the mean counts s2's 0.
    const mean = first.lock.aggregates['task/t1']?.a1?.judge?.mean;
    expect(mean).toBeCloseTo(0.8125 / 2, 9);
    expect(first.lock.steps?.complete).not.toBe(false);

    const posts = judgePosts().length;
    const second = await applyInProcess(dir);
    expect(second.status).toBe('done');
    expect(judgePosts().length).toBe(posts); // nothing asked again: the 0 is cached
  });
});

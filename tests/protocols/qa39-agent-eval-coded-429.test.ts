/**
 * QA39: a 429 (or 408) in front of an agent-eval judge — a rate limiter or gateway — often carries
 * a JSON error envelope of its own (`{"error":{"code":"rate_limited","message":…}}`). The judge
 * client read it as an agent-eval 4xx: `config_error`, never retried, its `Retry-After` (an
 * HTTP-date here) ignored, so the example's judge metric failed at once. It is now retried like
 * an uncoded 429, after the date it names, and keeps the kind `http_429` when retries run out.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { JudgeConfig } from '../../src/plan/schema.js';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { startAgentEvalDiscovery } from '../fixtures/agent-eval-discovery.js';
import { type Loopback, sendJson } from '../fixtures/loopback.js';

const RUBRIC = {
  name: 'r',
  description: 'd',
  dimensions: [{ id: 'a', description: 'A', weight: 1 }],
  failureModes: [],
  rubricVersion: 'r@v1',
};
const VERDICT = {
  composite: 0.8,
  dimensions: { a: 0.8 },
  failureModes: [],
  wins: [],
  rationale: 'fine',
  rubricVersion: 'r@v1',
  model: 'stub',
  durationMs: 1,
};

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Its first `limited` judge calls get a coded 429 whose Retry-After is an HTTP-date `waitS` ahead. */
async function rateLimitedJudge(
  limited: number,
  waitS: number,
): Promise<{ server: Loopback; posts: () => number }> {
  let posts = 0;
  const server = await startAgentEvalDiscovery([RUBRIC], async (_req, res) => {
    posts++;
    if (posts <= limited) {
      // Whole seconds: the date is rounded up so that the wait is at least waitS - 1 s.
      const at = new Date((Math.ceil(Date.now() / 1000) + waitS) * 1000).toUTCString();
      return sendJson(
        res,
        429,
        { error: { code: 'rate_limited', message: 'slow down' } },
        { 'retry-after': at },
      );
    }
    return sendJson(res, 200, VERDICT);
  });
  cleanups.push(() => server.close());
  return { server, posts: () => posts };
}

function judgeAt(url: string, limits: JudgeConfig['limits']) {
  const judge = createAgentEvalJudge(
    { protocol: 'agent-eval', url, rubric: 'r', limits },
    { cwd: process.cwd(), rubrics: {} },
  );
  cleanups.push(() => judge.close());
  return judge.judge({ content: 'an answer', rubric: { name: 'r' } }, AbortSignal.timeout(20_000));
}

describe('agent-eval judge over HTTP: a 429 with an error envelope', () => {
  it('is retried after its Retry-After HTTP-date and scores the next answer', async () => {
    const { server, posts } = await rateLimitedJudge(1, 2);
    const started = performance.now();
    const judged = await judgeAt(server.url, { retries: 2 });
    expect(judged).toMatchObject({ ok: true, verdict: { score: 0.8 } });
    expect(posts()).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('keeps the kind http_429 (not config_error) when the retries run out', async () => {
    const { server, posts } = await rateLimitedJudge(5, 0);
    const judged = await judgeAt(server.url, { retries: 1 });
    expect(judged).toMatchObject({ ok: false, error: { kind: 'http_429' } });
    expect(posts()).toBe(2);
  });
});

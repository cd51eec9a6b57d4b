/**
 * QA34: an agent-eval judge's transient failures are retried like any other HTTP call's (the
 * judge's `limits.retries`, `Retry-After` honoured): a timeout and a 408/429/5xx that carries no
 * agent-eval error envelope (a proxy's 503, a restarting server's 500). Coded errors keep their
 * own policy: 503 `llm_not_configured` is asked once (A8). Over stdio, a call that timed out is run
 * again. Before, only resets, 429, 502 and 504 were retried.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { JudgeConfig } from '../../src/plan/schema.js';
import { createAgentEvalJudge } from '../../src/protocols/agent-eval/agent-eval-judge.js';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';

const ANTI_SLOP = {
  name: 'anti-slop',
  description: 'seed rubric',
  dimensions: [
    { id: 'buyer_quality', description: 'b', weight: 0.5 },
    { id: 'voice', description: 'v', weight: 0.3 },
    { id: 'signal', description: 's', weight: 0.2 },
  ],
  failureModes: ['ai-cadence'],
  rubricVersion: 'anti-slop@a4f2b8c1',
};
// The seed document's verdict: 0.5·0.85 + 0.3·0.7 + 0.2·0.8 = 0.795.
const VERDICT = {
  composite: 0.795,
  dimensions: { buyer_quality: 0.85, voice: 0.7, signal: 0.8 },
  failureModes: [],
  wins: [],
  rationale: 'specific detail',
  rubricVersion: 'anti-slop@a4f2b8c1',
  model: 'stub',
  durationMs: 1,
};

type Failure = (res: Parameters<Parameters<typeof startLoopback>[0]>[1]) => Promise<void> | void;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A judge server whose first `failures.length` judge calls fail as given, then answer VERDICT. */
async function judgeServer(failures: Failure[]): Promise<{ server: Loopback; posts: () => number }> {
  let posts = 0;
  const server = await startLoopback(async (req, res) => {
    if (req.url === '/v1/version')
      return sendJson(res, 200, {
        package: '@tangle-network/agent-eval',
        version: '0.20.10',
        wireVersion: '1.0.0',
      });
    if (req.url === '/v1/rubrics') return sendJson(res, 200, { rubrics: [ANTI_SLOP] });
    posts++;
    const failure = failures[posts - 1];
    if (failure) return failure(res);
    return sendJson(res, 200, VERDICT);
  });
  cleanups.push(() => server.close());
  return { server, posts: () => posts };
}

function judgeAt(url: string, limits: JudgeConfig['limits']) {
  const judge = createAgentEvalJudge(
    { protocol: 'agent-eval', url, rubric: 'anti-slop', limits },
    { cwd: process.cwd(), rubrics: {} },
  );
  cleanups.push(() => judge.close());
  return judge.judge(
    { content: 'We shipped zero-copy IO', rubric: { name: 'anti-slop' } },
    AbortSignal.timeout(20_000),
  );
}

const plain503: Failure = (res) => {
  res.writeHead(503, { 'content-type': 'text/plain', 'retry-after': '1' });
  res.end('Service Unavailable');
};

describe('agent-eval judge over HTTP: transient failures without an agent-eval code are retried', () => {
  it('retries a proxy 503 after its Retry-After and scores the second answer', async () => {
    const { server, posts } = await judgeServer([plain503]);
    const started = performance.now();
    const judged = await judgeAt(server.url, { retries: 1 });
    expect(judged).toMatchObject({ ok: true, verdict: { score: 0.795 } });
    expect(posts()).toBe(2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('retries an uncoded 500 (a restarting server)', async () => {
    const { server, posts } = await judgeServer([
      (res) => {
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end('<h1>Internal Server Error</h1>');
      },
    ]);
    const judged = await judgeAt(server.url, { retries: 1 });
    expect(judged.ok).toBe(true);
    expect(posts()).toBe(2);
  });

  it('retries a judge call that timed out', async () => {
    const { server, posts } = await judgeServer([
      async (res) => {
        await new Promise((resolve) => setTimeout(resolve, 900));
        if (!res.destroyed) sendJson(res, 200, VERDICT);
      },
    ]);
    const judged = await judgeAt(server.url, { retries: 1, timeout: '300ms' });
    expect(judged.ok).toBe(true);
    expect(posts()).toBe(2);
  });

  it('asks once when limits.retries is 0', async () => {
    const { server, posts } = await judgeServer([plain503]);
    const judged = await judgeAt(server.url, { retries: 0 });
    expect(judged).toMatchObject({ ok: false, error: { kind: 'http_503' } });
    expect(posts()).toBe(1);
  });

  it('still asks once for a coded 503 llm_not_configured (A8)', async () => {
    const coded: Failure = (res) =>
      sendJson(
        res,
        503,
        { error: { code: 'llm_not_configured', message: 'no model' } },
        { 'retry-after': '1' },
      );
    const { server, posts } = await judgeServer([coded, coded, coded]);
    const judged = await judgeAt(server.url, { retries: 2 });
    expect(judged).toMatchObject({ ok: false, error: { kind: 'judge_unconfigured' } });
    expect(posts()).toBe(1);
  });
});

describe('agent-eval judge over stdio rpc', () => {
  it('runs a call that timed out again, as limits.retries allows', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'qa34-rpc-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const count = path.join(dir, 'calls');
    const script = fileURLToPath(new URL('../fixtures/qa34-rpc-slow-once.mjs', import.meta.url));
    const judge = createAgentEvalJudge(
      {
        protocol: 'agent-eval',
        command: `QA34_RPC_COUNT='${count}' node ${script}`,
        limits: { retries: 1, timeout: '1500ms' },
      },
      {
        cwd: process.cwd(),
        rubrics: { graded: { dimensions: [{ id: 'q', description: 'quality', weight: 1 }] } },
      },
    );
    cleanups.push(() => judge.close());
    const judged = await judge.judge(
      { content: 'answer', rubric: { name: 'graded' } },
      AbortSignal.timeout(20_000),
    );
    expect(judged).toMatchObject({ ok: true, verdict: { score: 0.5 } });
    expect(readFileSync(count, 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
  });
});

/**
 * QA214, through the built CLI: an `openai` agent whose server fails inside a 200 (an error event
 * mid-stream, api.openai.com's `type: server_error`) is retried within the apply as a 500 is — with
 * the default `retries` 3 the run ends scored, the server saw 1 + N requests per example and the
 * summary counts the retries; before, apply recorded `http_500` after one request and only the next
 * apply asked again. A Ctrl-C during such a retry's wait ends apply at once and caches nothing: the
 * next `plan` still has the example to run. Real loopback server.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { SERVER_ERROR } from '../fixtures/qa204-openai-stream-error.js';
import {
  assertBuilt,
  lockResults,
  runCli,
  startCli,
  tempWorkspace,
  waitCli,
  waitFor,
} from './apply-harness.js';

/** Requests per question; a question fails inside a 200 its first `failures[q]` times (else always). */
const seen = new Map<string, number>();
const failures: Record<string, number> = { Paris: 2, Rome: 1, Oslo: Number.POSITIVE_INFINITY };
let server: Loopback;

beforeAll(async () => {
  assertBuilt();
  server = await startLoopback((_req, res, body) => {
    const request = JSON.parse(body) as { messages: { content: string }[] };
    const q = request.messages.at(-1)?.content ?? '';
    const n = (seen.get(q) ?? 0) + 1;
    seen.set(q, n);
    if (n > (failures[q] ?? 0))
      return sendJson(res, 200, {
        id: 'c',
        object: 'chat.completion',
        model: 'm1',
        choices: [{ index: 0, message: { role: 'assistant', content: q }, finish_reason: 'stop' }],
      });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = { id: 'c', object: 'chat.completion.chunk', model: 'm1' };
    res.write(`data: ${JSON.stringify({ ...chunk, choices: [{ index: 0, delta: { content: 'Pa' } }] })}\n\n`);
    res.end(`data: ${JSON.stringify({ error: SERVER_ERROR })}\n\n`);
  });
});
afterAll(async () => {
  await server.close();
});

/** The `result` event of `apply --json` (its last line). */
function resultOf(stdout: string): unknown {
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}');
}

function writePlan(dir: string, questions: string[], limits = ''): void {
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: qa214, version: 1.0.0 }
agents:
  m: { protocol: openai, url: "${server.url}/v1", model: m1${limits} }
tasks:
  qa:
    bindings:
      default: { input: { messages: [ { role: user, content: "{{q}}" } ] }, output: { answer: content } }
    datasets: { d: { source: d.jsonl } }
    metrics: [ { type: exact_match, candidate: answer, expected: answer } ]
run: { preflight: 0 }
`,
  );
  const rows = questions.map((q) => JSON.stringify({ id: q, vars: { q }, expected: { answer: q } }));
  writeFileSync(path.join(dir, 'd.jsonl'), `${rows.join('\n')}\n`);
}

describe('openai agent: an error inside a 200, through apply', () => {
  it('is retried within the run: scored, 1 + N requests, the retries counted', async () => {
    const ws = tempWorkspace('qa214-retried');
    try {
      writePlan(ws.dir, ['Paris', 'Rome']);
      const run = await runCli(['apply', '--json'], { cwd: ws.dir });
      expect(run.code).toBe(0);
      expect(seen.get('Paris')).toBe(3);
      expect(seen.get('Rome')).toBe(2);
      expect(resultOf(run.stdout)).toMatchObject({ retries: 3 });
      for (const row of lockResults(ws.dir)) {
        expect(row.errors).toBeUndefined();
        expect(row.metrics.exact_match?.score).toBe(1);
      }
    } finally {
      ws.cleanup();
    }
  });

  it('more failures than retries: http_500 after 1 + retries requests, not cached', async () => {
    const ws = tempWorkspace('qa214-exhausted');
    try {
      seen.delete('Oslo');
      writePlan(ws.dir, ['Oslo'], ', limits: { retries: 2 }');
      const run = await runCli(['apply', '--json'], { cwd: ws.dir });
      expect(run.code).toBe(1);
      expect(seen.get('Oslo')).toBe(3);
      expect(resultOf(run.stdout)).toMatchObject({ retries: 2 });
      expect(JSON.stringify(lockResults(ws.dir))).toContain('http_500');
      const plan = await runCli(['plan'], { cwd: ws.dir });
      expect(plan.stdout).toContain('because the previous attempt failed (http_500)');
    } finally {
      ws.cleanup();
    }
  });

  it('Ctrl-C during a retry wait exits at once and caches nothing', async () => {
    const ws = tempWorkspace('qa214-ctrl-c');
    try {
      seen.delete('Oslo');
      // retry 5's wait alone is up to 8 s, retry 7's up to 30 s
      writePlan(ws.dir, ['Oslo'], ', limits: { retries: 8 }');
      const child = startCli(['apply', '--quiet'], { cwd: ws.dir });
      const done = waitCli(child, 60_000);
      await waitFor(() => (seen.get('Oslo') ?? 0) >= 4, 20_000, 'three retries');
      child.kill('SIGINT');
      const sentAt = Date.now();
      const at = seen.get('Oslo') ?? 0;
      const result = await done;
      expect(result.code).toBe(130);
      expect(Date.now() - sentAt).toBeLessThan(3_000);
      expect((seen.get('Oslo') ?? 0) - at).toBeLessThanOrEqual(1);
      const plan = await runCli(['plan'], { cwd: ws.dir });
      expect(plan.stdout).toContain('Plan: 1 to invoke');
    } finally {
      ws.cleanup();
    }
  });
});

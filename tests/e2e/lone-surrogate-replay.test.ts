/**
 * An agent's text holding a lone UTF-16 surrogate (`"a \ud800 b"`: valid JSON, which an agent that
 * cuts text by code units can send) is passed on as it came. A chat agent's reply is replayed in
 * its next turn — the whole apply died with "internal error: Lone surrogate is not allowed" (the
 * request body went through RFC 8785, which has no form for it) — and a judge is asked about such
 * an answer: every judge metric on it failed `metric_error` (QA62 N1; its verdict key was RFC 8785
 * too). The surrogate travels as its JSON escape, `\ud800`, as `JSON.stringify` writes it.
 */

import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeOpenaiJudge, startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { assertBuilt, lockResults, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => void)[] = [];
let server: Server;
let base = '';
let judge: FakeOpenaiJudge;
/** The raw bytes of every chat request, in arrival order. */
const chatBodies: string[] = [];

beforeAll(async () => {
  assertBuilt();
  judge = await startOpenaiJudgeServer();
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/ask') {
        res.end('{"answer":"overall=0.9 cut \\ud800 here"}');
        return;
      }
      chatBodies.push(body);
      const n = (JSON.parse(body) as { messages: unknown[] }).messages.length;
      // Written by hand: the reply holds the escape itself, as a Python or Go agent would send it.
      res.end(
        `{"messages":[{"role":"assistant","content":"turn ${n} a \\ud800 b"}],"model":"m","provider":"p","metadata":{}}`,
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await judge.close();
  for (const c of cleanups) c();
});

describe('a lone surrogate in an agent’s text', () => {
  it('is replayed to a chat agent in its next turn, and the run completes', async () => {
    const ws = tempWorkspace('lone-surrogate-chat');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: lone }
agents:
  c: { protocol: chat, url: "${base}/agent/respond", limits: { retries: 0 } }
tasks:
  t:
    bindings:
      default:
        input: "{{q}}"
        output: { answer: "messages[-1].content" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hi }, turns: [ hi, again ], expected: { answer: "turn 3" } } ] }
    metrics: [ { type: contains, candidate: answer, expected: answer } ]
`,
    );
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(`${run.stdout}${run.stderr}`).not.toContain('internal error');
    expect(run.code, run.stderr).toBe(0);
    expect(lockResults(ws.dir).map((r) => [r.example, r.pass, r.errors ?? null])).toEqual([
      ['e1', true, null],
    ]);
    // The second turn carries the first reply's text exactly: the escape, not U+FFFD.
    expect(chatBodies).toHaveLength(2);
    expect(chatBodies[1]).toContain('"turn 1 a \\ud800 b"');
  });

  it('is judged: the judge metric scores instead of failing metric_error', async () => {
    const ws = tempWorkspace('lone-surrogate-judge');
    cleanups.push(ws.cleanup);
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: lone-judge }
agents:
  h: { protocol: http, url: "${base}/ask", limits: { retries: 0 } }
judges:
  j: { protocol: openai, url: "${judge.url}", model: m, rubric: r }
rubrics:
  r: { dimensions: [ { id: overall, description: overall quality, weight: 1 } ] }
tasks:
  t:
    bindings:
      default:
        input: { q: "{{q}}" }
        output: { answer: answer }
    datasets:
      d: { examples: [ { id: e1, vars: { q: x } } ] }
    metrics: [ { type: judge, judge: j, content: "{{candidate.answer}}" } ]
`,
    );
    const run = await runCli(['apply', 'evalc.yaml', '--quiet'], { cwd: ws.dir });
    expect(`${run.stdout}${run.stderr}`).not.toContain('internal error');
    expect(run.code, run.stderr).toBe(0);
    const [row] = lockResults(ws.dir) as unknown as {
      metrics: { judge: { score: number } };
      errors?: unknown;
    }[];
    expect(row?.errors ?? null).toBeNull();
    expect(row?.metrics.judge.score).toBe(0.9);
    // A re-apply takes the verdict from the cache: its key is computable too.
    const asked = judge.requests.length;
    const again = await runCli(['apply', 'evalc.yaml', '--quiet', '--refresh'], { cwd: ws.dir });
    expect(again.code, again.stderr).toBe(0);
    expect(judge.requests.length).toBe(asked + 1);
  });
});

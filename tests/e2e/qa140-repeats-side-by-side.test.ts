/**
 * The repeats of one example run side by side (QA140): each repeat waited for the previous one's
 * invoke, extraction and judge verdict, so with `repeats: 3` an example's second request was sent
 * only after its first answer had been judged — a 2 s agent and a 2 s judge took three rounds
 * where one fits, and agents had a third of the requests in flight their concurrency allowed.
 * Real CLI, a loopback RAIP agent and a loopback OpenAI-compatible judge, both answering after
 * 300 ms and recording when each request arrived.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, sendVerdict, startLoopback } from '../fixtures/loopback.js';
import { runCli, tempWorkspace } from './apply-harness.js';

const DELAY_MS = 300;
let agent: Loopback;
let judge: Loopback;
const invokes: { attempt: number; at: number }[] = [];
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  agent = await startLoopback(async (req, res, body) => {
    if (req.method === 'GET')
      return sendJson(res, 200, { name: 'slow', version: '1.0.0', inputSchema: { type: 'object' } });
    const { context } = JSON.parse(body) as { context?: { attempt?: number } };
    invokes.push({ attempt: context?.attempt ?? -1, at: Date.now() });
    await new Promise((r) => setTimeout(r, DELAY_MS));
    sendJson(res, 200, { output: { answer: 'an answer' } });
  });
  judge = await startLoopback(async (_req, res, body) => {
    await new Promise((r) => setTimeout(r, DELAY_MS));
    sendVerdict(res, body, 0.75);
  });
});
afterAll(async () => {
  for (const c of cleanups) c();
  await agent.close();
  await judge.close();
});

describe('repeats: 3 with a judge', () => {
  it("sends an example's three requests together, not each after the previous one was judged", async () => {
    const ws = tempWorkspace('qa140-repeats');
    cleanups.push(ws.cleanup);
    const examples = Array.from({ length: 4 }, (_, i) => `{ id: e${i}, vars: { q: q${i} } }`).join(', ');
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: repeated, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "${agent.url}" }
judges:
  llm: { protocol: openai, url: "${judge.url}/v1", model: judge, rubric: r }
rubrics:
  r: { dimensions: [ { id: relevance, description: "Answers the question", weight: 1 } ] }
run: { repeats: 3, concurrency: 16, preflight: 0 }
tasks:
  t:
    bindings: { default: { input: { q: "{{q}}" }, output: { answer: "output.answer" } } }
    datasets:
      d: { examples: [ ${examples} ] }
    metrics: [ { type: judge, judge: llm, content: "{{candidate.answer}}", threshold: 0.5 } ]
`,
    );
    const run = await runCli(['apply', '--quiet'], { cwd: ws.dir, timeoutMs: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(invokes).toHaveLength(12);
    expect(invokes.map((i) => i.attempt).sort()).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2]);
    // All twelve fit in the agent's concurrency: they arrive together, well within one reply's
    // time (one after another, a repeat came a reply and a verdict, 600 ms, after the previous).
    const first = Math.min(...invokes.map((i) => i.at));
    const last = Math.max(...invokes.map((i) => i.at));
    expect(last - first).toBeLessThan(DELAY_MS);
  });
});

/**
 * A judge gets as many calls in flight as its concurrency (`limits.concurrency`, default
 * `run.concurrency`; QA140): its HTTP transport kept the default 16 connections per origin, so
 * with `run.concurrency: 32` an LLM judge answering in 400 ms never had more than 16 calls in
 * flight and a run with a slow judge took twice as long as the plan allowed. Real CLI, a loopback
 * RAIP agent answering at once and a loopback OpenAI-compatible judge that counts its calls in flight.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, sendVerdict, startLoopback } from '../fixtures/loopback.js';
import { runCli, tempWorkspace } from './apply-harness.js';

let agent: Loopback;
let judge: Loopback;
let inFlight = 0;
let maxInFlight = 0;
let judged = 0;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  agent = await startLoopback((req, res) => {
    if (req.method === 'GET')
      return sendJson(res, 200, { name: 'fast', version: '1.0.0', inputSchema: { type: 'object' } });
    sendJson(res, 200, { output: { answer: 'an answer' } });
  });
  judge = await startLoopback(async (_req, res, body) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((r) => setTimeout(r, 400));
    inFlight--;
    judged++;
    sendVerdict(res, body, 0.75);
  });
});
afterAll(async () => {
  for (const c of cleanups) c();
  await agent.close();
  await judge.close();
});

describe('a judge of run.concurrency 32', () => {
  it('has up to 32 calls in flight, not the transport default of 16', async () => {
    const ws = tempWorkspace('qa140-judge-connections');
    cleanups.push(ws.cleanup);
    const examples = Array.from({ length: 96 }, (_, i) => `{ id: e${i}, vars: { q: q${i} } }`).join(', ');
    writeFileSync(
      path.join(ws.dir, 'evalc.yaml'),
      `evalc: 1
benchmark: { id: judged, version: 1.0.0 }
agents:
  a1: { protocol: raip, url: "${agent.url}" }
judges:
  llm: { protocol: openai, url: "${judge.url}/v1", model: judge, rubric: r }
rubrics:
  r: { dimensions: [ { id: relevance, description: "Answers the question", weight: 1 } ] }
run: { concurrency: 32, preflight: 0 }
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
    expect(judged).toBe(96);
    expect(maxInFlight).toBeGreaterThan(16);
    expect(maxInFlight).toBeLessThanOrEqual(32);
  });
});

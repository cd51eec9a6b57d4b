/**
 * QA54: a judge metric's score key covers the whole example, so fixing an `expected` label the
 * judge never sees (its content is the agent's answer) re-scored the metric by sending the very
 * same request to the judge again — an LLM call, paid, on every such edit. The verdict is now
 * cached by the request: the score is recomputed, the judge is not asked again; `--refresh`
 * still asks, and each repeat keeps its own verdict. Real applies against an OpenAI-compatible agent and judge on loopback.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenaiJudgeServer } from '../fixtures/openai-judge-server.js';
import { startOpenaiServer } from '../fixtures/openai-server.js';
import { applyInProcess } from '../protocols/apply-in-process.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function planText(agentUrl: string, judgeUrl: string): string {
  return `evalc: 1
benchmark: { id: qa54-verdicts }
agents:
  o1: { protocol: openai, url: "${agentUrl}", model: small-1, limits: { retries: 0 } }
judges:
  oj: { protocol: openai, url: "${judgeUrl}", model: m1, temperature: 0, rubric: r1 }
rubrics:
  r1:
    dimensions: [{ id: relevance, description: "On topic" }]
tasks:
  t1:
    bindings:
      default:
        input: { messages: [{ role: user, content: "{{query}}" }] }
        output: { answer: "choices[0].message.content" }
    datasets:
      d1:
        examples:
          - { id: s1, vars: { query: "intro ML" }, expected: { label: ml } }
          - { id: s2, vars: { query: "databases" }, expected: { label: db } }
    metrics:
      - { type: contains, candidate: answer, expected: label }
      - { id: jm, type: judge, judge: oj, content: "relevance=0.8 {{candidate.answer}}" }
run: { preflight: 0, bootstrap: 100, repeats: 2 }
`;
}

describe('a judge is not asked again for a request it answered (QA54)', () => {
  it('re-scores an example whose expected value changed without calling the judge; --refresh asks', async () => {
    const agent = await startOpenaiServer();
    const judge = await startOpenaiJudgeServer();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'evalc-qa54-verdicts-'));
    cleanups.push(
      () => rmSync(dir, { recursive: true, force: true }),
      () => agent.close(),
      () => judge.close(),
    );
    const file = path.join(dir, 'evalc.yaml');
    writeFileSync(file, planText(agent.baseUrl, judge.url));
    const judgeCalls = () => judge.requests.filter((r) => r.path.endsWith('/chat/completions')).length;

    expect((await applyInProcess(dir)).status).toBe('done');
    // Each repeat asks the judge, though the agent answered both alike (judge_stability reads them).
    expect(judgeCalls()).toBe(4);
    const before = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8'));

    writeFileSync(file, readFileSync(file, 'utf8').replace('label: ml', 'label: machine'));
    expect((await applyInProcess(dir)).status).toBe('done');
    const after = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8'));
    type Lock = {
      results: { example: string; metrics: Record<string, { keys?: string[]; score: number }> }[];
    };
    const row = (lock: Lock) => lock.results.find((r) => r.example === 's1')?.metrics.jm;
    // The judge metric was re-scored (new keys), with the same verdicts, and no judge call.
    expect(row(after)?.keys).toHaveLength(2);
    expect(row(after)?.keys).not.toEqual(row(before)?.keys);
    expect(row(after)?.score).toBe(row(before)?.score);
    expect(judgeCalls()).toBe(4);

    expect((await applyInProcess(dir, { refresh: true })).status).toBe('done');
    expect(judgeCalls()).toBe(8);
  });
});

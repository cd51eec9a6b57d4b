/**
 * An input an adapter refuses before sending anything is no agent call, as a RAIP schema misfit
 * is (`contract_error`, `details.source: 'local'`):
 * - chat: DESIGN's `{query: …}` binding on an example without `turns`;
 * - openai: a whole-leaf `"{{q}}"` whose value is an object without `messages`;
 * - http GET: an input that is not an object (it cannot become a query string).
 * Before (QA45), five such examples first in the dataset counted as five agent calls, "failed" the
 * preflight, and the valid example after them was never sent (`preflight_failed`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOpenaiServer } from '../fixtures/openai-server.js';
import { startQa4ChatAgent } from '../fixtures/qa4-chat-seed-agent.mjs';
import { startQa22HttpAgent } from '../fixtures/qa22-http-agent.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
beforeAll(() => assertBuilt());

interface Case {
  /** Five refused examples' vars, then the valid example (its id, vars and turns). */
  refused: (i: number) => Record<string, unknown>;
  valid: { id: string; vars: Record<string, unknown>; turns?: string[]; answer: string };
  agent: Record<string, unknown>;
  binding: Record<string, unknown>;
}

/** Applies the case's plan; the agent must have received exactly the valid example. */
async function applyUnsent(name: string, c: Case, sent: () => number): Promise<void> {
  const { dir, cleanup } = tempWorkspace(`qa45-${name}-unsent`);
  cleanups.push(cleanup);
  const examples = [
    ...[1, 2, 3, 4, 5].map((i) => ({ id: `n${i}`, vars: c.refused(i), expected: { a: 'x' } })),
    {
      id: c.valid.id,
      vars: c.valid.vars,
      ...(c.valid.turns ? { turns: c.valid.turns } : {}),
      expected: { a: c.valid.answer },
    },
  ];
  writeFileSync(path.join(dir, 'd.jsonl'), examples.map((e) => JSON.stringify(e)).join('\n'));
  const plan = {
    evalc: 1,
    benchmark: { id: `qa45-${name}-unsent`, version: '1.0.0' },
    agents: { a: c.agent },
    tasks: {
      t: {
        bindings: { default: c.binding },
        datasets: { d: { source: 'd.jsonl' } },
        metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'a' }],
      },
    },
    run: { repeats: 1, seed: 7, concurrency: 1 },
  };
  writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
  const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 30_000 });
  expect(run.stderr).not.toContain('preflight');
  expect(sent()).toBe(1);
  expect(run.stdout).toContain('6 example runs, 1 agent call, 5 errors (contract_error 5)');
  const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
    results: { example: string; errors?: string[]; metrics: Record<string, { score: number | null }> }[];
  };
  const valid = lock.results.find((r) => r.example === c.valid.id);
  expect(valid?.errors).toBeUndefined();
  expect(valid?.metrics.exact_match?.score).toBe(1);
  expect(run.code, run.stderr).toBe(0);
}

describe('inputs refused before sending are no agent calls and fail no preflight (QA45)', () => {
  it('chat: examples without turns under a {query} binding; the example with turns after them is sent', async () => {
    const agent = await startQa4ChatAgent();
    cleanups.push(() => agent.close());
    await applyUnsent(
      'chat',
      {
        refused: (i) => ({ q: `no turns ${i}` }),
        valid: { id: 't1', vars: { q: 'x' }, turns: ['hello'], answer: 'echo: hello' },
        agent: { protocol: 'chat', url: `${agent.url}/agent/respond` },
        binding: { input: { query: '{{q}}' }, output: { answer: 'messages[-1].content' } },
      },
      () => (agent.conversation('t1').length === 1 ? 1 : 0),
    );
  });

  it('openai: object inputs without messages; the string input after them is sent', async () => {
    const server = await startOpenaiServer();
    cleanups.push(() => server.close());
    await applyUnsent(
      'openai',
      {
        refused: (i) => ({ q: { text: `obj ${i}` } }),
        valid: { id: 's1', vars: { q: 'hello' }, answer: 'Echo: hello' },
        agent: { protocol: 'openai', url: server.baseUrl, model: 'm' },
        binding: { input: '{{q}}', output: { answer: 'content' } },
      },
      () => server.requests.length,
    );
  });

  it('http GET: inputs that are not objects; the object input after them is sent', async () => {
    const agent = await startQa22HttpAgent();
    cleanups.push(() => agent.close());
    await applyUnsent(
      'http',
      {
        refused: (i) => ({ q: `text ${i}` }),
        valid: { id: 'o1', vars: { q: { k: 'v' } }, answer: 'ok' },
        agent: { protocol: 'http', method: 'GET', url: `${agent.url}/search` },
        binding: { input: '{{q}}', output: { answer: 'answer' } },
      },
      () => agent.requests.filter((r) => r.url === '/search?k=v').length,
    );
    expect(agent.requests.map((r) => r.url)).toEqual(['/search?k=v']);
  });
});

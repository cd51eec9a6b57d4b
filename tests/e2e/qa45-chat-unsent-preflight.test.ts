/**
 * A chat example the adapter refuses before sending anything (DESIGN's `{query: …}` binding on an
 * example without `turns`: `contract_error`, nothing sent) is no agent call, as a RAIP schema misfit
 * already was. Before (QA45), five such examples first in the dataset counted as five agent calls,
 * "failed" the preflight, and the valid example after them was never sent (`preflight_failed`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startQa4ChatAgent } from '../fixtures/qa4-chat-seed-agent.mjs';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
beforeAll(() => assertBuilt());

describe('chat examples refused before sending are no agent calls (QA45)', () => {
  it('does not let them fail the preflight: the example with turns after them is sent', async () => {
    const agent = await startQa4ChatAgent();
    const { dir, cleanup } = tempWorkspace('qa45-chat-unsent');
    cleanups.push(() => agent.close(), cleanup);
    const examples = [
      ...[1, 2, 3, 4, 5].map((i) => ({ id: `n${i}`, vars: { q: `no turns ${i}` }, expected: { a: 'x' } })),
      { id: 't1', vars: { q: 'x' }, turns: ['hello'], expected: { a: 'echo: hello' } },
    ];
    writeFileSync(path.join(dir, 'd.jsonl'), examples.map((e) => JSON.stringify(e)).join('\n'));
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa45-chat-unsent', version: '1.0.0' },
      agents: { a2: { protocol: 'chat', url: `${agent.url}/agent/respond` } },
      tasks: {
        t: {
          bindings: {
            default: { input: { query: '{{q}}' }, output: { answer: 'messages[-1].content' } },
          },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'a' }],
        },
      },
      run: { repeats: 1, seed: 7, concurrency: 1 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 30_000 });
    expect(run.stderr).not.toContain('preflight');
    expect(agent.conversation('t1')).toHaveLength(1);
    expect(run.stdout).toContain('6 example runs, 1 agent call, 5 errors (contract_error 5)');
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
      results: { example: string; errors?: string[]; metrics: Record<string, { score: number | null }> }[];
    };
    const t1 = lock.results.find((r) => r.example === 't1');
    expect(t1?.errors).toBeUndefined();
    expect(t1?.metrics.exact_match?.score).toBe(1);
    expect(run.code, run.stderr).toBe(0);
  });
});

/**
 * An openai agent's input the adapter refuses before sending (a whole-leaf `"{{q}}"` whose value is
 * an object without `messages`: `contract_error`, nothing sent) is no agent call, as a RAIP schema
 * misfit and a refused chat input are. Before (QA45), five such examples first in the dataset
 * counted as five agent calls, "failed" the preflight, and the valid example after them was never
 * sent (`preflight_failed`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOpenaiServer } from '../fixtures/openai-server.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
beforeAll(() => assertBuilt());

describe('openai inputs refused before sending are no agent calls (QA45)', () => {
  it('does not let them fail the preflight: the string input after them is sent', async () => {
    const server = await startOpenaiServer();
    const { dir, cleanup } = tempWorkspace('qa45-openai-unsent');
    cleanups.push(() => server.close(), cleanup);
    const examples = [
      ...[1, 2, 3, 4, 5].map((i) => ({
        id: `n${i}`,
        vars: { q: { text: `obj ${i}` } },
        expected: { a: 'x' },
      })),
      { id: 's1', vars: { q: 'hello' }, expected: { a: 'Echo: hello' } },
    ];
    writeFileSync(path.join(dir, 'd.jsonl'), examples.map((e) => JSON.stringify(e)).join('\n'));
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa45-openai-unsent', version: '1.0.0' },
      agents: { m1: { protocol: 'openai', url: server.baseUrl, model: 'm' } },
      tasks: {
        t: {
          bindings: { default: { input: '{{q}}', output: { answer: 'content' } } },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'a' }],
        },
      },
      run: { repeats: 1, seed: 7, concurrency: 1 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 30_000 });
    expect(run.stderr).not.toContain('preflight');
    expect(server.requests).toHaveLength(1);
    expect(run.stdout).toContain('6 example runs, 1 agent call, 5 errors (contract_error 5)');
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
      results: { example: string; errors?: string[]; metrics: Record<string, { score: number | null }> }[];
    };
    expect(lock.results.find((r) => r.example === 's1')?.metrics.exact_match?.score).toBe(1);
    expect(run.code, run.stderr).toBe(0);
  });
});

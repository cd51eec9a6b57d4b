/**
 * A generic `http` GET agent's input that is not an object (it cannot become a query string) is
 * refused before sending (`contract_error`) and is no agent call, as a RAIP schema misfit is.
 * Before (QA45), five such examples first in the dataset counted as five agent calls, "failed"
 * the preflight, and the valid example after them was never sent (`preflight_failed`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startQa22HttpAgent } from '../fixtures/qa22-http-agent.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
beforeAll(() => assertBuilt());

describe('http GET inputs refused before sending are no agent calls (QA45)', () => {
  it('does not let them fail the preflight: the object input after them is sent', async () => {
    const agent = await startQa22HttpAgent();
    const { dir, cleanup } = tempWorkspace('qa45-http-unsent');
    cleanups.push(() => agent.close(), cleanup);
    const examples = [
      ...[1, 2, 3, 4, 5].map((i) => ({ id: `n${i}`, vars: { q: `text ${i}` }, expected: { a: 'x' } })),
      { id: 'o1', vars: { q: { k: 'v' } }, expected: { a: 'ok' } },
    ];
    writeFileSync(path.join(dir, 'd.jsonl'), examples.map((e) => JSON.stringify(e)).join('\n'));
    const plan = {
      evalc: 1,
      benchmark: { id: 'qa45-http-unsent', version: '1.0.0' },
      agents: { h: { protocol: 'http', method: 'GET', url: `${agent.url}/search` } },
      tasks: {
        t: {
          bindings: { default: { input: '{{q}}', output: { answer: 'answer' } } },
          datasets: { d: { source: 'd.jsonl' } },
          metrics: [{ type: 'exact_match', candidate: 'answer', expected: 'a' }],
        },
      },
      run: { repeats: 1, seed: 7, concurrency: 1 },
    };
    writeFileSync(path.join(dir, 'evalc.yaml'), JSON.stringify(plan));
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: dir, timeoutMs: 30_000 });
    expect(run.stderr).not.toContain('preflight');
    expect(agent.requests.map((r) => r.url)).toEqual(['/search?k=v']);
    expect(run.stdout).toContain('6 example runs, 1 agent call, 5 errors (contract_error 5)');
    const lock = JSON.parse(readFileSync(path.join(dir, 'evalc.lock'), 'utf8')) as {
      results: { example: string; metrics: Record<string, { score: number | null }> }[];
    };
    expect(lock.results.find((r) => r.example === 'o1')?.metrics.exact_match?.score).toBe(1);
    expect(run.code, run.stderr).toBe(0);
  });
});

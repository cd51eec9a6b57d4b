/**
 * Review of 2af5308 (QA105): an `extraction_failed` is as final as the answer it was read from, and
 * 2af5308 made the lock up to date after one — but only for a binding's expression. An `http`
 * agent's `response:` JMESPath that fails on the reply (`abs(data.answer)` on a string answer) is
 * the same kind, raised at the invoke, and was never cached: every apply called the agent again
 * for those examples ("1 agent call" each time), the lock said `complete: false`, and `plan` always
 * had work. The reply is the agent's answer and the path is part of the agent's identity (fixing
 * it re-invokes), so the failure is cached like an answer; `--refresh` asks again.
 *
 * QA108 (review of 8afb6c6): an `extraction_failed` — a binding's `output:` expression, and since
 * 8afb6c6 an `http` agent's `response:` path, that failed on the reply — is kept like an answer, so
 * the re-apply is up to date. Its summary said what it says of an agent's definitive failure:
 * "after fixing what failed, `evalc apply --refresh` asks again". But what failed is the plan's
 * expression: fixing it, a plain `evalc apply` re-runs those examples (a binding from the cached
 * reply, with no agent call), while `--refresh` calls every agent again for every example.
 * Real CLI, the loopback http agent of tests/fixtures/http-agent.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpAgent, startHttpAgent } from '../fixtures/http-agent.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

/**
 * For the tests of a describe block: a workspace, an `ok` http agent of its own (its requests are
 * counted), and a writer of the plan of one example that calls it through `response:` and binds
 * `answer` with `answer`.
 */
function httpAgentWorkspace(prefix: string, benchmark: string) {
  const ws = tempWorkspace(prefix);
  let agent: HttpAgent | undefined;
  beforeAll(async () => {
    assertBuilt();
    agent = await startHttpAgent('ok');
  });
  afterAll(async () => {
    await agent?.close();
    ws.cleanup();
  });
  return {
    ws,
    get agent(): HttpAgent {
      return agent!;
    },
    writePlan(response: string, answer = '@'): void {
      writeFileSync(
        path.join(ws.dir, 'evalc.yaml'),
        JSON.stringify({
          evalc: 1,
          benchmark: { id: benchmark, version: '1.0.0' },
          agents: { h1: { protocol: 'http', url: `${agent!.url}/answer`, response } },
          tasks: {
            t1: {
              bindings: { default: { input: { question: '{{q}}' }, output: { answer } } },
              datasets: { d1: { examples: [{ id: 'e1', vars: { q: 'a' } }] } },
              metrics: [{ type: 'contains', candidate: 'answer', value: 'Answer' }],
            },
          },
        }),
      );
    },
  };
}

describe("an http agent's response: path that fails on the reply", () => {
  const http = httpAgentWorkspace('qa105-http-path', 'qa105-http');
  const { ws, writePlan } = http;
  it('is cached like an answer: the re-apply is up to date and calls no agent', async () => {
    writePlan('abs(data.answer)');
    const first = await runCli(['apply', '--quiet'], { cwd: ws.dir });
    expect(first.code).toBe(1);
    expect(http.agent.requests).toHaveLength(1);
    const lock = JSON.parse(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8')) as {
      steps: { complete: boolean; errors: Record<string, number> };
    };
    expect(lock.steps).toMatchObject({ complete: true, errors: { extraction_failed: 1 } });

    const plan = await runCli(['plan', '--json'], { cwd: ws.dir });
    expect(JSON.parse(plan.stdout)).toMatchObject({ upToDate: true, hasChanges: false });
    const again = await runCli(['apply', '--json'], { cwd: ws.dir });
    expect(again.stdout).toContain('"upToDate":true');
    expect(http.agent.requests).toHaveLength(1);

    const refreshed = await runCli(['apply', '--refresh', '--quiet'], { cwd: ws.dir });
    expect(refreshed.code).toBe(1);
    expect(http.agent.requests).toHaveLength(2);

    // The path is part of the agent's identity: fixing it asks the agent again.
    writePlan('data.answer');
    const fixed = await runCli(['apply', '--quiet'], { cwd: ws.dir });
    expect(fixed.code).toBe(0);
    expect(http.agent.requests).toHaveLength(3);
  }, 60_000);
});

describe('an up-to-date apply whose recorded errors are failed extractions (QA108)', () => {
  const http = httpAgentWorkspace('qa108-extraction-hint', 'qa108-hint');
  const { ws, writePlan } = http;
  it('says a fixed output: or response: re-runs them on apply, not that --refresh asks again', async () => {
    // A binding's expression that fails on the reply: fixing it re-extracts from the cache.
    writePlan('data', 'abs(answer)');
    expect((await runCli(['apply', '--quiet'], { cwd: ws.dir })).code).toBe(1);
    const again = await runCli(['apply'], { cwd: ws.dir });
    expect(again.stdout).toContain('nothing ran (1 recorded error: extraction_failed 1; ');
    expect(again.stdout).toContain(
      'a fixed binding `output:` or `response:` path is re-run by `evalc apply`, without `--refresh`',
    );
    expect(again.stdout).not.toContain('`evalc apply --refresh` asks again');
    writePlan('data', 'answer');
    const fixed = await runCli(['apply'], { cwd: ws.dir });
    expect(fixed.code).toBe(0);
    expect(fixed.stdout).toContain('0 agent calls, 0 errors');
    expect(http.agent.requests).toHaveLength(1);

    // An http agent's response: path: the same words.
    writePlan('abs(data.answer)', '@');
    expect((await runCli(['apply', '--quiet'], { cwd: ws.dir })).code).toBe(1);
    const still = await runCli(['apply'], { cwd: ws.dir });
    expect(still.stdout).toContain(
      'a fixed binding `output:` or `response:` path is re-run by `evalc apply`',
    );
    expect(http.agent.requests).toHaveLength(2);
  }, 60_000);
});

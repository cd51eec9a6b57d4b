/**
 * Review of 2af5308 (QA105): an `extraction_failed` is as final as the answer it was read from, and
 * 2af5308 made the lock up to date after one — but only for a binding's expression. An `http`
 * agent's `response:` JMESPath that fails on the reply (`abs(data.answer)` on a string answer) is
 * the same kind, raised at the invoke, and was never cached: every apply called the agent again
 * for those examples ("1 agent call" each time), the lock said `complete: false`, and `plan` always
 * had work. The reply is the agent's answer and the path is part of the agent's identity (fixing
 * it re-invokes), so the failure is cached like an answer; `--refresh` asks again.
 * Real CLI, the loopback http agent of tests/fixtures/http-agent.ts.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpAgent, startHttpAgent } from '../fixtures/http-agent.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

let agent: HttpAgent;
const ws = tempWorkspace('qa105-http-path');
beforeAll(async () => {
  assertBuilt();
  agent = await startHttpAgent('ok');
});
afterAll(async () => {
  await agent.close();
  ws.cleanup();
});

function writePlan(response: string): void {
  writeFileSync(
    path.join(ws.dir, 'evalc.yaml'),
    JSON.stringify({
      evalc: 1,
      benchmark: { id: 'qa105-http', version: '1.0.0' },
      agents: { h1: { protocol: 'http', url: `${agent.url}/answer`, response } },
      tasks: {
        t1: {
          bindings: { default: { input: { question: '{{q}}' }, output: { answer: '@' } } },
          datasets: { d1: { examples: [{ id: 'e1', vars: { q: 'a' } }] } },
          metrics: [{ type: 'contains', candidate: 'answer', value: 'Answer' }],
        },
      },
    }),
  );
}

describe("an http agent's response: path that fails on the reply", () => {
  it('is cached like an answer: the re-apply is up to date and calls no agent', async () => {
    writePlan('abs(data.answer)');
    const first = await runCli(['apply', '--quiet'], { cwd: ws.dir });
    expect(first.code).toBe(1);
    expect(agent.requests).toHaveLength(1);
    const lock = JSON.parse(readFileSync(path.join(ws.dir, 'evalc.lock'), 'utf8')) as {
      steps: { complete: boolean; errors: Record<string, number> };
    };
    expect(lock.steps).toMatchObject({ complete: true, errors: { extraction_failed: 1 } });

    const plan = await runCli(['plan', '--json'], { cwd: ws.dir });
    expect(JSON.parse(plan.stdout)).toMatchObject({ upToDate: true, hasChanges: false });
    const again = await runCli(['apply', '--json'], { cwd: ws.dir });
    expect(again.stdout).toContain('"upToDate":true');
    expect(agent.requests).toHaveLength(1);

    const refreshed = await runCli(['apply', '--refresh', '--quiet'], { cwd: ws.dir });
    expect(refreshed.code).toBe(1);
    expect(agent.requests).toHaveLength(2);

    // The path is part of the agent's identity: fixing it asks the agent again.
    writePlan('data.answer');
    const fixed = await runCli(['apply', '--quiet'], { cwd: ws.dir });
    expect(fixed.code).toBe(0);
    expect(agent.requests).toHaveLength(3);
  }, 60_000);
});

/**
 * QA108 (review of 8afb6c6): an `extraction_failed` — a binding's `output:` expression, and since
 * 8afb6c6 an `http` agent's `response:` path, that failed on the reply — is kept like an answer, so
 * the re-apply is up to date. Its summary said what it says of an agent's definitive failure:
 * "after fixing what failed, `evalc apply --refresh` asks again". But what failed is the plan's
 * expression: fixing it, a plain `evalc apply` re-runs those examples (a binding from the cached
 * reply, with no agent call), while `--refresh` calls every agent again for every example.
 * Real CLI, the loopback http agent of tests/fixtures/http-agent.ts.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpAgent, startHttpAgent } from '../fixtures/http-agent.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

let agent: HttpAgent;
const ws = tempWorkspace('qa108-extraction-hint');
beforeAll(async () => {
  assertBuilt();
  agent = await startHttpAgent('ok');
});
afterAll(async () => {
  await agent.close();
  ws.cleanup();
});

function writePlan(response: string, answer: string): void {
  writeFileSync(
    path.join(ws.dir, 'evalc.yaml'),
    JSON.stringify({
      evalc: 1,
      benchmark: { id: 'qa108-hint', version: '1.0.0' },
      agents: { h1: { protocol: 'http', url: `${agent.url}/answer`, response } },
      tasks: {
        t1: {
          bindings: { default: { input: { question: '{{q}}' }, output: { answer } } },
          datasets: { d1: { examples: [{ id: 'e1', vars: { q: 'a' } }] } },
          metrics: [{ type: 'contains', candidate: 'answer', value: 'Answer' }],
        },
      },
    }),
  );
}

describe('an up-to-date apply whose recorded errors are failed extractions (QA108)', () => {
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
    expect(agent.requests).toHaveLength(1);

    // An http agent's response: path: the same words.
    writePlan('abs(data.answer)', '@');
    expect((await runCli(['apply', '--quiet'], { cwd: ws.dir })).code).toBe(1);
    const still = await runCli(['apply'], { cwd: ws.dir });
    expect(still.stdout).toContain(
      'a fixed binding `output:` or `response:` path is re-run by `evalc apply`',
    );
    expect(agent.requests).toHaveLength(2);
  }, 60_000);
});

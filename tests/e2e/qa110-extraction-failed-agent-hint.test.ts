/**
 * Review of b15a67e (QA110): an up-to-date summary whose recorded errors are all extraction_failed
 * says only that a fixed binding `output:` or `response:` path is re-run by `evalc apply`. But a
 * candidate that is null fails extraction too (RAIP R7): an agent that answered `{"data": {}}`, or
 * `{"error": "busy"}` with a 200, is an agent's failure the plan's expression cannot fix. Its owner,
 * having fixed the agent, was told nothing of `--refresh` (before b15a67e: "after fixing what failed,
 * `evalc apply --refresh` asks again"), and a plain apply stays up to date. The hint names both.
 * Real CLI, a real loopback http agent.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Loopback, sendJson, startLoopback } from '../fixtures/loopback.js';
import { assertBuilt, runCli, tempWorkspace } from './apply-harness.js';

let agent: Loopback;
let fixed = false;
let calls = 0;
const ws = tempWorkspace('qa110-extraction-agent-hint');
beforeAll(async () => {
  assertBuilt();
  agent = await startLoopback(async (_req, res, text) => {
    calls++;
    const { question } = JSON.parse(text) as { question: string };
    // Before its fix the agent leaves out the answer of one question (a 200 all the same).
    if (question === 'b' && !fixed) return sendJson(res, 200, { data: {} });
    return sendJson(res, 200, { data: { answer: `Answer to ${question}` } });
  });
  writeFileSync(
    path.join(ws.dir, 'evalc.yaml'),
    JSON.stringify({
      evalc: 1,
      benchmark: { id: 'qa110-hint', version: '1.0.0' },
      agents: { h1: { protocol: 'http', url: `${agent.url}/answer`, response: 'data' } },
      tasks: {
        t1: {
          bindings: { default: { input: { question: '{{q}}' }, output: { answer: 'answer' } } },
          datasets: {
            d1: {
              examples: [
                { id: 'e1', vars: { q: 'a' } },
                { id: 'e2', vars: { q: 'b' } },
              ],
            },
          },
          metrics: [{ type: 'contains', candidate: 'answer', value: 'Answer' }],
        },
      },
    }),
  );
});
afterAll(async () => {
  await agent.close();
  ws.cleanup();
});

describe('an up-to-date apply whose extraction failed on what the agent answered (QA110)', () => {
  it('says how a fixed agent is asked again, beside a fixed expression', async () => {
    await runCli(['apply', '--quiet'], { cwd: ws.dir });
    const again = await runCli(['apply'], { cwd: ws.dir });
    expect(again.stdout).toContain('nothing ran (1 recorded error: extraction_failed 1; ');
    expect(again.stdout).toContain(
      'a fixed binding `output:` or `response:` path is re-run by `evalc apply`, without `--refresh`',
    );
    expect(again.stdout).toContain('a fixed agent is asked again by `evalc apply --refresh`');
    expect(calls).toBe(2);

    fixed = true;
    const refreshed = await runCli(['apply', '--refresh'], { cwd: ws.dir });
    expect(refreshed.code, refreshed.stdout).toBe(0);
    expect(refreshed.stdout).toContain('0 errors');
  }, 60_000);
});

/**
 * `limits.budget` bounds one whole chat conversation (the Connexity platform's per-test-case
 * budget): a conversation whose turns outlast it ends as `budget_exhausted` or `timeout`, recorded
 * for that example; the budget is a runtime limit and never changes a content key.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startChatAgent } from '../fixtures/chat-agent.js';
import { assertBuilt, lockResults, runCli, tempWorkspace } from './apply-harness.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});
beforeAll(() => assertBuilt());

function writeChatPlan(dir: string, endpoint: string, budget: string | undefined): void {
  writeFileSync(
    path.join(dir, 'evalc.yaml'),
    `evalc: 1
benchmark: { id: chat-budget }
agents:
  c: { protocol: chat, url: "${endpoint}"${budget ? `, limits: { budget: ${budget}, retries: 0 }` : ', limits: { retries: 0 }'} }
tasks:
  t:
    bindings:
      default:
        input: { messages: [ { role: user, content: "{{q}}" } ] }
        output: { answer: "messages[-1].content" }
    datasets:
      d: { examples: [ { id: e1, vars: { q: hello }, turns: [ "one", "two", "three" ] } ] }
    metrics: [ { type: contains, candidate: answer, expected: answer } ]
`,
  );
}

describe('chat conversation budget', () => {
  it('ends a conversation that outlasts limits.budget and records the kind, without changing keys', async () => {
    const slow = await startChatAgent(['slow'], 400);
    cleanups.push(() => void slow.close());
    const ws = tempWorkspace('chat-budget');
    cleanups.push(ws.cleanup);
    writeChatPlan(ws.dir, slow.endpoint, '600ms');
    const planned = await runCli(['plan', 'evalc.yaml', '--json'], { cwd: ws.dir });
    const keys = (JSON.parse(planned.stdout) as { steps: { key: string }[] }).steps.map((s) => s.key);
    const run = await runCli(['apply', 'evalc.yaml'], { cwd: ws.dir });
    // Its only example failed: nothing was evaluated for the agent, so the run exits 1.
    expect(run.code, run.stderr).toBe(1);
    const [row] = lockResults(ws.dir);
    expect(['budget_exhausted', 'timeout']).toContain(row?.errors?.[0]);
    // Three 400 ms turns cannot fit in 600 ms: at most two requests were sent.
    expect(slow.requests.length).toBeLessThanOrEqual(2);

    writeChatPlan(ws.dir, slow.endpoint, undefined);
    const again = await runCli(['plan', 'evalc.yaml', '--json'], { cwd: ws.dir });
    expect((JSON.parse(again.stdout) as { steps: { key: string }[] }).steps.map((s) => s.key)).toEqual(keys);
  });
});
